import { useTranslation } from "react-i18next";
import { useLocation } from "react-router";
import { Box, Flex, SplitRow, Text } from "~/components/ui/kit";
import { TabNav, TabNavLink, TextLink } from "~/components/ui/kit-controls";

const TABS = [
  { to: "home", label: "Home" },
  { to: "students/manage", label: "Students" },
  { to: "surveys/manage", label: "Surveys" },
  { to: "surveys/library", label: "Survey library" },
] as const;

/** The class's name, a switcher to the user's other classes (plain links), and the sub-navigation. */
export function ClassNav({
  currentClass,
  myClasses,
}: {
  currentClass: { id: number; name: string; schoolName: string };
  myClasses: { id: number; name: string }[];
}) {
  const { pathname } = useLocation();
  const { t } = useTranslation("staff");
  const base = `/class/${currentClass.id}/`;
  const others = myClasses.filter((c) => c.id !== currentClass.id);
  // The layout kit (kit.tsx, TabNav's markup included): this renders on every
  // class screen, and Radix's components cost more than the page itself.
  return (
    <Box mb="5" className="no-print">
      <SplitRow gap="2" mb="3">
        <div>
          <Text as="p" size="1" color="gray">
            <bdi>{currentClass.schoolName}</bdi>
          </Text>
          <Text as="p" size="5" weight="bold">
            <bdi>{currentClass.name}</bdi>
          </Text>
        </div>
        <Flex align="center" wrap="wrap" gap="2">
          {others.length > 0 ? (
            <details className="class-switcher">
              <summary>
                <Text size="2">{t("Switch class")}</Text>
              </summary>
              <ul className="plain-list">
                {others.map((c) => (
                  <li key={c.id}>
                    <TextLink to={`/class/${c.id}/home`}>
                      <bdi>{c.name}</bdi>
                    </TextLink>
                  </li>
                ))}
              </ul>
            </details>
          ) : null}
          <TextLink to={`${base}create`} size="2">
            {t("New class")}
          </TextLink>
        </Flex>
      </SplitRow>
      <TabNav label={t("Class sections")} className="class-tabs">
        {TABS.map((tab) => {
          const href = `${base}${tab.to}`;
          const active =
            pathname === href ||
            (tab.to === "surveys/manage" &&
              (pathname === `${base}surveys` || pathname.startsWith(`${base}surveys/results`))) ||
            (tab.to === "students/manage" && pathname.startsWith(`${base}student/`));
          return (
            <TabNavLink key={tab.to} to={href} active={active}>
              {t(tab.label)}
            </TabNavLink>
          );
        })}
      </TabNav>
    </Box>
  );
}
