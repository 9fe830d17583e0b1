import { Dialog } from "@radix-ui/themes";
import { useEffect, useState } from "react";
import { useTranslation } from "react-i18next";
import { useFetcher } from "react-router";
import { ChangePasswordForm } from "./change-password-form";

interface ChangePasswordActionData {
  ok: boolean;
  result?: Parameters<typeof ChangePasswordForm>[0]["lastResult"];
}

/**
 * docs/product.md#change-password-dialog: the Change Password dialog (modal, max width 'sm', about
 * 28rem). Closing resets the form, clears errors and hides all passwords;
 * success resets and closes. Toasts come from the server (remix-toast).
 */
export function ChangePasswordDialog({
  open,
  onOpenChange,
  returnFocusTo,
}: {
  open: boolean;
  onOpenChange: (open: boolean) => void;
  /**
   * Where focus goes when the dialog closes. Opened from a menu item, which is
   * gone by then, Radix would leave focus on the page's body.
   */
  returnFocusTo?: React.RefObject<HTMLElement | null>;
}) {
  const fetcher = useFetcher<ChangePasswordActionData>({ key: "change-password" });
  const busy = fetcher.state !== "idle";
  // A new key remounts the form: values, errors and show/hide toggles start over.
  const { t } = useTranslation("staff");
  const [formKey, setFormKey] = useState(0);
  const [lastResult, setLastResult] = useState<ChangePasswordActionData["result"]>(null);

  useEffect(() => {
    if (fetcher.state !== "idle" || !fetcher.data) return;
    if (fetcher.data.ok) {
      setLastResult(null);
      setFormKey((key) => key + 1);
      onOpenChange(false);
    } else {
      setLastResult(fetcher.data.result ?? null);
    }
  }, [fetcher.state, fetcher.data, onOpenChange]);

  const close = (next: boolean) => {
    if (busy && !next) return;
    if (!next) {
      setLastResult(null);
      setFormKey((key) => key + 1);
    }
    onOpenChange(next);
  };

  return (
    <Dialog.Root open={open} onOpenChange={close}>
      <Dialog.Content
        maxWidth="28rem"
        onCloseAutoFocus={(event) => {
          if (!returnFocusTo?.current) return;
          event.preventDefault();
          returnFocusTo.current.focus();
        }}
      >
        <Dialog.Title>{t("Change Password")}</Dialog.Title>
        <Dialog.Description size="2" color="gray" mb="4">
          {t(
            "Enter your current password and choose a new one. Your new password must be at least 8 characters long and contain uppercase, lowercase, and numeric characters.",
          )}
        </Dialog.Description>
        <ChangePasswordForm
          key={formKey}
          mode="dialog"
          FormComponent={fetcher.Form}
          busy={busy}
          lastResult={lastResult}
          onCancel={() => close(false)}
        />
      </Dialog.Content>
    </Dialog.Root>
  );
}
