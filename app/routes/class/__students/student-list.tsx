/** The class's students, each with their contacts, an Edit link and a Remove link (which asks first). */
import { Button } from "@radix-ui/themes";
import { Link } from "react-router";
import { ContactCard } from "~/components/class/contact-card";
import { EmptyState } from "~/components/class/empty-state";
import { studentName } from "~/components/class/format";
import { button, card, heading, link, splitRow, stack, text } from "~/components/ui/radix-classes";
import type { getClassPeople } from "~/server/students/students.server";

type Student = Awaited<ReturnType<typeof getClassPeople>>["students"][number];

export function StudentList({ base, students }: { base: string; students: Student[] }) {
  return students.length === 0 ? (
    <EmptyState
      title="No students yet"
      action={
        <Button asChild variant="soft">
          <Link to="?add=1">Add a student</Link>
        </Button>
      }
    >
      Share the class code below with your students so they can join from the student app, or add them yourself.
    </EmptyState>
  ) : (
    // Plain elements with Radix Themes' classes: this list is the screen's
    // bulk, and the components' prop parsing dominated its render time.
    <ul className={stack(3, "plain-list")} aria-label="Students">
      {students.map((student) => (
        <li key={student.id}>
          <div className={card(2)}>
            <div className={stack(3)}>
              <div className={splitRow(2)}>
                <div className="rt-Flex rt-r-fd-column">
                  <h2 className={heading(4)}>
                    <Link data-accent-color="" className={link} to={`${base}/student/${student.id}`}>
                      {studentName(student)}
                    </Link>
                  </h2>
                  <span data-accent-color="gray" className={text(1)}>
                    {student.joinedWithCode ? `Joined with code ${student.joinedWithCode}` : "Added by a teacher"}
                  </span>
                </div>
                <div className="rt-Flex rt-r-gap-2">
                  <Link data-accent-color="" className={button("soft")} to={`${base}/student/${student.id}?edit=1`}>
                    Edit<span className="visually-hidden"> {studentName(student)}</span>
                  </Link>
                  <Link data-accent-color="red" className={button("soft")} to={`?confirm=remove-student-${student.id}`}>
                    Remove<span className="visually-hidden"> {studentName(student)}</span>
                  </Link>
                </div>
              </div>
              {student.contacts.length === 0 ? (
                <span data-accent-color="gray" className={text(2)}>
                  No contacts. Edit the student to add one.
                </span>
              ) : (
                <div className="contact-grid">
                  {student.contacts.map((contact) => (
                    <ContactCard key={contact.id} contact={contact} headingLevel="h3" />
                  ))}
                </div>
              )}
            </div>
          </div>
        </li>
      ))}
    </ul>
  );
}
