import { Text } from "@radix-ui/themes";
import { useState } from "react";
import { NavLink } from "react-router";

/**
 * SPEC.md §2: the survey sub-menu, open by default. A <details> element, so
 * it opens and closes without JavaScript; with it, React keeps the flag.
 */
export function SurveySubMenu({ classId, defaultOpen = true }: { classId: number | string; defaultOpen?: boolean }) {
  const [open, setOpen] = useState(defaultOpen);
  return (
    <details className="survey-sub-menu" open={open} onToggle={(event) => setOpen(event.currentTarget.open)}>
      <summary className="sidebar-link">
        <Text size="2" weight="medium">
          Surveys
        </Text>
      </summary>
      <ul className="sub-menu-list">
        <li>
          <NavLink to={`/class/${classId}/surveys/manage`} className="sidebar-link" prefetch="intent">
            <Text size="2">Manage surveys</Text>
          </NavLink>
        </li>
        <li>
          <NavLink to={`/class/${classId}/surveys/library`} className="sidebar-link" prefetch="intent">
            <Text size="2">Survey library</Text>
          </NavLink>
        </li>
      </ul>
    </details>
  );
}
