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
 * Focus: 'Update Password' hands focus to the dialog's first field (the
 * closing menu must not take it back to its trigger when its animation ends,
 * or the dialog's focus trap selects the field again and the next key press
 * replaces what was typed); closing the dialog (Escape, Cancel or success)
 * gives focus back to the trigger.
 */
export interface ProfileDropdownProps {
  /** What the trigger shows: the profile area. */
  area: React.ReactNode;
  /** The plain menu, shown instead when this module cannot load. */
  fallback: React.ReactNode;
}

export default function ProfileDropdown({ area }: ProfileDropdownProps) {
  const submit = useSubmit();
  const [dialogOpen, setDialogOpen] = useState(false);
  const triggerRef = useRef<HTMLButtonElement>(null);
  // Set when 'Update Password' opens the dialog: the closing menu must not then pull focus back to its trigger.
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
          }}
        >
          <DropdownMenu.Item
            onSelect={() => {
              openingDialog.current = true;
              setDialogOpen(true);
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
