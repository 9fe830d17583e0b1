import { useTranslation } from "react-i18next";
import { Form } from "react-router";
import { Button } from "~/components/ui/kit-controls";

/**
 * "Generate a class code" (or "Generate a new code" where one has expired):
 * a code with the default expiry, posted to the page's own action (intent
 * "generate-code"); on the class home's code panel and on the projector.
 */
export function GenerateCodeForm({ hasCode, variant, size }: { hasCode: boolean; variant?: "soft"; size?: "3" }) {
  const { t } = useTranslation("staff");
  return (
    <Form method="post">
      <input type="hidden" name="intent" value="generate-code" />
      <Button type="submit" variant={variant} size={size}>
        {hasCode ? t("Generate a new code") : t("Generate a class code")}
      </Button>
    </Form>
  );
}
