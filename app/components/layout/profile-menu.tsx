import { DropdownMenu } from "@radix-ui/themes";
import { useRef, useState } from "react";
import { Form, useLocation, useSubmit } from "react-router";
import { passwordPageHref } from "~/lib/account-links";
import { useHydrated } from "~/lib/use-hydrated";
import { ChangePasswordDialog } from "../account/change-password-dialog";
import { ProfileArea, type ProfileState, type ProfileUser } from "./profile-area";

/**
 * SPEC.md §2: the profile area opens a menu, aligned to the end, with
 * 'Update Password' (closes the menu, opens the password dialog) and
 * 'Logout' (closes the menu, signs out). Without JavaScript the same two
 * actions sit in a <details> menu: a link to the full password page and a
 * sign-out form.
 *
 * The trigger is named by what it shows (WCAG 2.5.3, label in name): the
 * user's name, e-mail and school, then "Profile menu" as hidden text, e.g.
 * "Amara Okafor amara.okafor@riverside.example Riverside Primary School
 * Profile menu". The avatar beside the name is hidden from assistive
 * technology so the name is not read twice.
 *
 * Focus: 'Update Password' opens the dialog only once the menu has closed
 * (its exit animation ended and it gave up focus). Opened while the menu was
 * still closing, the menu took focus back from the dialog's first field for
 * a moment (a pointer leaving a menu item focuses the menu) and the dialog's
 * focus trap returned it: the field saw a blur, and the form showed 'Current
 * password is required' before the user typed anything, and the field's
 * text was selected again. The dialog's first field then has focus; closing
 * the dialog (Escape, Cancel or success) gives focus back to the trigger.
 */
export function ProfileMenu({
  state,
  user,
  avatar,
}: {
  state: ProfileState;
  user: ProfileUser | null;
  avatar?: React.ReactNode;
}) {
  const hydrated = useHydrated();
  const location = useLocation();
  const submit = useSubmit();
  const [dialogOpen, setDialogOpen] = useState(false);
  const triggerRef = useRef<HTMLButtonElement>(null);
  // Set when 'Update Password' is chosen: the dialog opens when the menu has closed, and focus goes to it, not the trigger.
  const openingDialog = useRef(false);
  if (!user && state === "loaded") return null;
  const area = (
    <>
      <ProfileArea state={state} user={user} avatar={avatar} />
      <span className="visually-hidden">Profile menu</span>
    </>
  );
  const here = `${location.pathname}${location.search}`;

  if (!hydrated) {
    return (
      <details className="profile-menu">
        <summary>{area}</summary>
        <div className="profile-menu-panel" role="menu">
          <a className="menu-item" role="menuitem" href={passwordPageHref(here)}>
            Update Password
          </a>
          <Form method="post" action="/logout" role="none">
            <button type="submit" className="menu-item" role="menuitem">
              Logout
            </button>
          </Form>
        </div>
      </details>
    );
  }

  return (
    <>
      <DropdownMenu.Root>
        <DropdownMenu.Trigger>
          <button type="button" className="profile-trigger" ref={triggerRef}>
            {area}
          </button>
        </DropdownMenu.Trigger>
        <DropdownMenu.Content
          align="end"
          onCloseAutoFocus={(event) => {
            if (!openingDialog.current) return;
            openingDialog.current = false;
            event.preventDefault();
            setDialogOpen(true);
          }}
        >
          <DropdownMenu.Item
            onSelect={() => {
              openingDialog.current = true;
            }}
          >
            Update Password
          </DropdownMenu.Item>
          <DropdownMenu.Separator />
          <DropdownMenu.Item color="red" onSelect={() => submit(null, { method: "post", action: "/logout" })}>
            Logout
          </DropdownMenu.Item>
        </DropdownMenu.Content>
      </DropdownMenu.Root>
      <ChangePasswordDialog open={dialogOpen} onOpenChange={setDialogOpen} returnFocusTo={triggerRef} />
    </>
  );
}
