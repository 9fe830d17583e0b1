import { Box, Flex, TabNav, Text } from "@radix-ui/themes";
import { Link, useLocation } from "react-router";

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
  const base = `/class/${currentClass.id}/`;
  const others = myClasses.filter((c) => c.id !== currentClass.id);
  return (
    <Box mb="5" className="no-print">
      <Flex justify="between" align={{ initial: "start", sm: "center" }} direction={{ initial: "column", sm: "row" }} gap="2" mb="3">
        <Box>
          <Text size="1" color="gray" as="p">
            {currentClass.schoolName}
          </Text>
          <Text as="p" size="5" weight="bold">
            {currentClass.name}
          </Text>
        </Box>
        <Flex gap="2" align="center" wrap="wrap">
          {others.length > 0 ? (
            <details className="class-switcher">
              <summary>
                <Text size="2">Switch class</Text>
              </summary>
              <ul className="plain-list">
                {others.map((c) => (
                  <li key={c.id}>
                    <Link to={`/class/${c.id}/home`}>{c.name}</Link>
                  </li>
                ))}
              </ul>
            </details>
          ) : null}
          <Link to={`${base}create`}>
            <Text size="2">New class</Text>
          </Link>
        </Flex>
      </Flex>
      <TabNav.Root className="class-tabs" aria-label="Class sections">
        {TABS.map((tab) => {
          const href = `${base}${tab.to}`;
          const active =
            pathname === href ||
            (tab.to === "surveys/manage" && (pathname === `${base}surveys` || pathname.startsWith(`${base}surveys/results`))) ||
            (tab.to === "students/manage" && pathname.startsWith(`${base}student/`));
          return (
            <TabNav.Link key={tab.to} asChild active={active}>
              <Link to={href} aria-current={active ? "page" : undefined}>
                {tab.label}
              </Link>
            </TabNav.Link>
          );
        })}
      </TabNav.Root>
    </Box>
  );
}
