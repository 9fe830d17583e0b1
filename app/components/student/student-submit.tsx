import type { ComponentProps } from "react";

/** A student form's submit button, in the row of actions under the form (student.css). */
export function StudentSubmit({ className, ...button }: Omit<ComponentProps<"button">, "type">) {
  return (
    <div className="student-actions">
      <button type="submit" className={className ? `student-button ${className}` : "student-button"} {...button} />
    </div>
  );
}
