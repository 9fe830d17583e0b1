/** The confirmation before the class code stops (`?confirm=stop-code`), with and without JavaScript. */
import { Button } from "@radix-ui/themes";
import { useTranslation } from "react-i18next";
import { Form } from "react-router";
import { ConfirmPanel } from "./confirm-panel";

export function StopCodeConfirm({ base, code }: { base: string; code: string }) {
  const { t } = useTranslation("staff");
  return (
    <ConfirmPanel
      id="confirm-stop"
      title={t("Stop class code {code}?", { code })}
      text={t(
        "Nobody can join with it by typing a name any more. Printed sign-in cards keep working for the children in the class.",
      )}
    >
      <Form method="post" action={`${base}/students/manage`}>
        <Button type="submit" name="intent" value="stop-code" color="red">
          {t("Stop code")}
        </Button>
      </Form>
    </ConfirmPanel>
  );
}
