import { DropdownMenu } from "@radix-ui/themes";
import { useRef, useState } from "react";
import { useTranslation } from "react-i18next";
import { useSubmit } from "react-router";
import { LANGUAGES } from "~/lib/i18n/languages";
import { ChangePasswordDialog } from "../account/change-password-dialog";
import { LANGUAGE_ACTION } from "./language-form";

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
  /** The user's own language choice; null: the school's or browser's. */
  language: string | null;
  /** The page to come back to, in the chosen language. */
  here: string;
}

export default function ProfileDropdown({ area, language, here }: ProfileDropdownProps) {
  const submit = useSubmit();
  const { t } = useTranslation("staff");
  // The language is saved by a whole-page post (as without JavaScript): the next page loads its own language's texts.
  const languageForm = useRef<HTMLFormElement>(null);
  const languageField = useRef<HTMLInputElement>(null);
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
            {t("Update Password")}
          </DropdownMenu.Item>
          <DropdownMenu.Sub>
            <DropdownMenu.SubTrigger>{t("Language")}</DropdownMenu.SubTrigger>
            <DropdownMenu.SubContent>
              <DropdownMenu.RadioGroup
                value={language ?? ""}
                onValueChange={(value) => {
                  if (!languageForm.current || !languageField.current) return;
                  languageField.current.value = value;
                  languageForm.current.submit();
                }}
              >
                <DropdownMenu.RadioItem value="">{t("School or browser default")}</DropdownMenu.RadioItem>
                {LANGUAGES.map((choice) => (
                  <DropdownMenu.RadioItem key={choice.code} value={choice.code} lang={choice.code}>
                    {choice.name}
                  </DropdownMenu.RadioItem>
                ))}
              </DropdownMenu.RadioGroup>
            </DropdownMenu.SubContent>
          </DropdownMenu.Sub>
          <DropdownMenu.Separator />
          <DropdownMenu.Item color="red" onSelect={() => submit(null, { method: "post", action: "/logout" })}>
            {t("Logout")}
          </DropdownMenu.Item>
        </DropdownMenu.Content>
      </DropdownMenu.Root>
      <form ref={languageForm} method="post" action={LANGUAGE_ACTION} hidden>
        <input type="hidden" name="redirectTo" value={here} />
        <input ref={languageField} type="hidden" name="locale" defaultValue={language ?? ""} />
      </form>
      <ChangePasswordDialog open={dialogOpen} onOpenChange={setDialogOpen} returnFocusTo={triggerRef} />
    </>
  );
}
