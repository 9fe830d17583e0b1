import { DropdownMenu } from "@radix-ui/themes";
import { useRef, useState } from "react";
import { useSubmit } from "react-router";
import { ChangePasswordDialog } from "../account/change-password-dialog";

/**
 * The profile menu with JavaScript: Radix's dropdown menu and the Change
 * Password dialog. Loaded on its own after the page has hydrated (ADR 141):
 * until it arrives, and wherever it cannot load, the plain <details> menu of
 * profile-menu.tsx does the same two things.
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
export interface ProfileDropdownProps {
  /** What the trigger shows: the profile area. */
  area: React.ReactNode;
}

export default function ProfileDropdown({ area }: ProfileDropdownProps) {
  const submit = useSubmit();
  const [dialogOpen, setDialogOpen] = useState(false);
  const triggerRef = useRef<HTMLButtonElement>(null);
  // Set when 'Update Password' is chosen: the dialog opens when the menu has closed, and focus goes to it, not the trigger.
  const openingDialog = useRef(false);
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
