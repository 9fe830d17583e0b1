import { type ComponentType, useEffect, useState } from "react";
import { useTranslation } from "react-i18next";
import { Form, useLocation } from "react-router";
import { passwordPageHref } from "~/lib/account-links";
import { useHydrated } from "~/lib/use-hydrated";
import { LanguageForm } from "./language-form";
import { ProfileArea, type ProfileAreaProps } from "./profile-area";
import type { ProfileDropdownProps } from "./profile-dropdown";

/** The dropdown's module, or null when its chunk cannot be loaded (a flaky school network). */
function loadProfileDropdown(): Promise<ComponentType<ProfileDropdownProps> | null> {
  return import("./profile-dropdown").then(
    (module) => module.default,
    () => null,
  );
}

/**
 * docs/product.md#profile-menu: the profile area opens a menu, aligned to the end, with
 * 'Update Password' (closes the menu, opens the password dialog) and
 * 'Logout' (closes the menu, signs out). Without JavaScript the same two
 * actions sit in a <details> menu: a link to the full password page and a
 * sign-out form. With JavaScript, the dropdown and its dialog load after
 * hydration (profile-dropdown.tsx, ADR 141); the <details> menu stands in
 * until they arrive, and for good if they cannot load. The swap waits while
 * the plain menu is open: a user who opened it in the first moments after
 * the page appeared keeps the menu they are using.
 *
 * The trigger is named by what it shows (WCAG 2.5.3, label in name): the
 * user's name, e-mail and school, then "Profile menu" as hidden text, e.g.
 * "Amara Okafor amara.okafor@riverside.example Riverside Primary School
 * Profile menu". The avatar beside the name is hidden from assistive
 * technology so the name is not read twice.
 */
export function ProfileMenu({ state, user, avatar }: ProfileAreaProps) {
  const hydrated = useHydrated();
  const location = useLocation();
  const { t } = useTranslation("staff");
  const [Dropdown, setDropdown] = useState<ComponentType<ProfileDropdownProps> | null>(null);
  const [plainOpen, setPlainOpen] = useState(false);
  useEffect(() => {
    if (!hydrated) return;
    let live = true;
    loadProfileDropdown().then((component) => {
      if (live && component) setDropdown(() => component);
    });
    return () => {
      live = false;
    };
  }, [hydrated]);
  if (!user && state === "loaded") return null;
  const area = (
    <>
      <ProfileArea state={state} user={user} avatar={avatar} />
      <span className="visually-hidden">{t("Profile menu")}</span>
    </>
  );
  const here = `${location.pathname}${location.search}`;
  const plainMenu = (
    <details className="profile-menu" onToggle={(event) => setPlainOpen(event.currentTarget.open)}>
      <summary>{area}</summary>
      <div className="profile-menu-panel">
        <div role="menu">
          <a className="menu-item" role="menuitem" href={passwordPageHref(here)}>
            {t("Update Password")}
          </a>
          <Form method="post" action="/logout" role="none">
            <button type="submit" className="menu-item" role="menuitem">
              {t("Logout")}
            </button>
          </Form>
        </div>
        {user ? <LanguageForm current={user.locale ?? null} here={here} /> : null}
      </div>
    </details>
  );

  if (!Dropdown || plainOpen) return plainMenu;
  return <Dropdown area={area} language={user?.locale ?? null} here={here} />;
}
