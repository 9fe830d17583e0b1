import { Link, useLocation } from "react-router";
import { row, splitRow, text } from "~/components/ui/radix-classes";

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
  // Plain elements with Radix Themes' classes (TabNav's markup): this renders
  // on every class screen, and the components cost more than the page itself.
  return (
    <div className="rt-Box rt-r-mb-5 no-print">
      <div className={`${splitRow(2)} rt-r-mb-3`}>
        <div>
          <p data-accent-color="gray" className={text(1)}>
            {currentClass.schoolName}
          </p>
          <p className={text(5, "rt-r-weight-bold")}>{currentClass.name}</p>
        </div>
        <div className={row(2)}>
          {others.length > 0 ? (
            <details className="class-switcher">
              <summary>
                <span className={text(2)}>Switch class</span>
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
            <span className={text(2)}>New class</span>
          </Link>
        </div>
      </div>
      <nav aria-label="Class sections" className="rt-TabNavRoot">
        <ul className="rt-reset rt-BaseTabList rt-TabNavList rt-r-size-2 class-tabs">
          {TABS.map((tab) => {
            const href = `${base}${tab.to}`;
            const active =
              pathname === href ||
              (tab.to === "surveys/manage" &&
                (pathname === `${base}surveys` || pathname.startsWith(`${base}surveys/results`))) ||
              (tab.to === "students/manage" && pathname.startsWith(`${base}student/`));
            return (
              <li key={tab.to} className="rt-TabNavItem">
                <Link
                  to={href}
                  className="rt-reset rt-BaseTabListTrigger rt-TabNavLink"
                  aria-current={active ? "page" : undefined}
                  data-active={active ? "" : undefined}
                >
                  <span className="rt-BaseTabListTriggerInner rt-TabNavLinkInner">{tab.label}</span>
                  <span className="rt-BaseTabListTriggerInnerHidden rt-TabNavLinkInnerHidden">{tab.label}</span>
                </Link>
              </li>
            );
          })}
        </ul>
      </nav>
    </div>
  );
}
