import { Flex, Text } from "@radix-ui/themes";
import { useTranslation } from "react-i18next";
import { Form, NavLink } from "react-router";
import { SurveySubMenu } from "./survey-sub-menu";

/** docs/product.md#admin-sidebar: the admin sidebar. The Class link uses classId -1. */
export const ADMIN_SIDEBAR_ITEMS = [
  { label: "Staff", to: "/admin/staff" },
  { label: "Schools", to: "/admin/schools" },
  { label: "Create Class", to: "/admin/create-class" },
  { label: "Edit Class", to: "/admin/settings" },
  { label: "Class", to: "/class/-1/home" },
] as const;

/** The Surveys item is a sub-menu (docs/product.md#admin-sidebar), open by default. */
export const ADMIN_SURVEY_LINKS = [
  { label: "All surveys", to: "/admin/survey" },
  { label: "Survey previews", to: "/survey" },
] as const;

export function AdminSidebar() {
  const { t } = useTranslation("staff");
  return (
    <nav aria-label={t("Admin")} className="admin-sidebar no-print">
      <Flex direction={{ initial: "row", md: "column" }} gap="1" className="admin-sidebar-list" asChild>
        <ul>
          {ADMIN_SIDEBAR_ITEMS.map((item) => (
            <li key={item.to}>
              <NavLink to={item.to} className="sidebar-link" prefetch="intent">
                <Text size="2">{t(item.label)}</Text>
              </NavLink>
            </li>
          ))}
          <li>
            <SurveySubMenu links={ADMIN_SURVEY_LINKS} />
          </li>
          <li>
            <Form method="post" action="/logout">
              <button type="submit" className="sidebar-link sidebar-button">
                <Text size="2">{t("Log out")}</Text>
              </button>
            </Form>
          </li>
        </ul>
      </Flex>
    </nav>
  );
}
