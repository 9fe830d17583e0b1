import { useTranslation } from "react-i18next";
import { Form } from "react-router";
import { Flex, SplitRow, Text } from "~/components/ui/kit";
import { Button, ButtonLink } from "~/components/ui/kit-controls";

/** How many students still lack a personal code, "Make codes" for them (intent "make-codes"), and the sign-in cards to print. */
export function PersonalCodesRow({ base, withoutCode }: { base: string; withoutCode: number }) {
  const { t } = useTranslation("staff");
  return (
    <SplitRow gap="3">
      <Text size="2" color="gray">
        {withoutCode === 0
          ? t("Every student has a personal code.")
          : t("{count, plural, one {# student} other {# students}} without a personal code.", {
              count: withoutCode,
            })}
      </Text>
      <Flex gap="2" wrap="wrap">
        {withoutCode > 0 ? (
          <Form method="post">
            <input type="hidden" name="intent" value="make-codes" />
            <Button type="submit" variant="soft">
              {t("Make codes")}
            </Button>
          </Form>
        ) : null}
        <ButtonLink variant="soft" to={`${base}/students/cards`}>
          {t("Print sign-in cards")}
        </ButtonLink>
      </Flex>
    </SplitRow>
  );
}
