-- A child on the class list who joins with the class code (class_students.joined_with_code_id set) moves the
-- class's live stream as a class list change: the projector's and the class home's joined counts follow it.
CREATE TRIGGER "class_students_class_live_joined" AFTER UPDATE ON "class_students" FOR EACH ROW
  WHEN (OLD.joined_with_code_id IS DISTINCT FROM NEW.joined_with_code_id)
  EXECUTE FUNCTION class_live_after_change('roster');
