/**
 * The class's teachers: who owns the class, a Remove (or Leave class) button
 * where this user may use it (ADR 111), and Add a teacher from the school.
 */
import { Form } from "react-router";
import { button, card, heading, stack, text } from "~/components/ui/radix-classes";

interface Teacher {
  id: number;
  name: string;
  role: string;
  you: boolean;
  removable: boolean;
}

export function TeachersCard({
  teachers,
  addableTeachers,
}: {
  teachers: Teacher[];
  addableTeachers: { id: number; name: string }[];
}) {
  const owner = teachers.find((teacher) => teacher.role === "owner");
  return (
    <div className={card(2)}>
      <div className={stack(3)}>
        <h2 id="teachers-heading" className={heading(4)}>
          Teachers
        </h2>
        {owner ? (
          <span data-accent-color="gray" className={text(2)} id="teachers-rule">
            {owner.you ? "You own" : `${owner.name} owns`} this class. The owner removes other teachers; any teacher may
            leave, and when the owner leaves, the longest-serving teacher becomes the owner.
          </span>
        ) : null}
        <ul className="plain-list" aria-labelledby="teachers-heading">
          {teachers.map((teacher) => (
            <li key={teacher.id}>
              <div className="rt-Flex rt-r-ai-center rt-r-jc-space-between rt-r-gap-2 rt-r-py-1">
                <span className={text(2)}>
                  {teacher.name}
                  {teacher.you ? " (you)" : null}{" "}
                  <span data-accent-color="gray" className="rt-Text">
                    ({teacher.role === "owner" ? "owner" : "co-teacher"})
                  </span>
                </span>
                {teacher.removable ? (
                  <Form method="post">
                    <input type="hidden" name="id" value={teacher.id} />
                    <button
                      data-accent-color="red"
                      type="submit"
                      name="intent"
                      value="remove-teacher"
                      className={button("ghost", 1)}
                    >
                      {teacher.you ? (
                        "Leave class"
                      ) : (
                        <>
                          Remove<span className="visually-hidden"> {teacher.name}</span>
                        </>
                      )}
                    </button>
                  </Form>
                ) : null}
              </div>
            </li>
          ))}
        </ul>
        {addableTeachers.length > 0 ? (
          <Form method="post">
            <div className="rt-Flex rt-r-ai-end rt-r-fw-wrap rt-r-gap-2">
              <div className={stack(1)}>
                <label htmlFor="add-teacher-id" className="rt-Text rt-r-size-2 rt-r-weight-medium">
                  Add a teacher
                </label>
                <select id="add-teacher-id" name="id" className="native-select" required defaultValue="">
                  <option value="" disabled>
                    Choose a colleague…
                  </option>
                  {addableTeachers.map((teacher) => (
                    <option key={teacher.id} value={teacher.id}>
                      {teacher.name}
                    </option>
                  ))}
                </select>
              </div>
              <button data-accent-color="" type="submit" name="intent" value="add-teacher" className={button("soft")}>
                Add teacher
              </button>
            </div>
          </Form>
        ) : (
          <span data-accent-color="gray" className={text(2)}>
            Every teacher of the school already teaches this class.
          </span>
        )}
      </div>
    </div>
  );
}
