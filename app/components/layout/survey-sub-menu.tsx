import { Text } from "@radix-ui/themes";
import { useState } from "react";
import { useTranslation } from "react-i18next";
import { NavLink } from "react-router";

export interface SubMenuLink {
  label: string;
  to: string;
}

/**
 * docs/product.md#admin-sidebar: the survey sub-menu, open by default. A <details> element, so
 * it opens and closes without JavaScript; with it, React keeps the flag.
 */
export function SurveySubMenu({ links, defaultOpen = true }: { links: readonly SubMenuLink[]; defaultOpen?: boolean }) {
  const [open, setOpen] = useState(defaultOpen);
  const { t } = useTranslation("staff");
  return (
    <details className="survey-sub-menu" open={open} onToggle={(event) => setOpen(event.currentTarget.open)}>
      <summary className="sidebar-link">
        <Text size="2">{t("Surveys")}</Text>
      </summary>
      <ul className="sub-menu-list">
        {links.map((link) => (
          <li key={link.to}>
            <NavLink to={link.to} className="sidebar-link" prefetch="intent" end>
              <Text size="2">{t(link.label)}</Text>
            </NavLink>
          </li>
        ))}
      </ul>
    </details>
  );
}
