import { useTranslation } from "react-i18next";
import { Form } from "react-router";
import { Badge, Card, Flex, Heading, Row, Stack, Text } from "~/components/ui/kit";
import { Button, ButtonLink, TextAnchor, TextInput } from "~/components/ui/kit-controls";
import { formatDateTime } from "./format";
import { GenerateCodeForm } from "./generate-code-form";

/** Stands for the join address in the sentence around it, to be split on (a character no translation holds). */
const ADDRESS_MARK = "\u0000";

export interface ClassCodeView {
  code: string;
  expiresAt: Date | string;
  expired: boolean;
  joinedCount: number;
}

/** Where students join (the configured public address + /join) and the class's projector view. */
export interface JoinLinks {
  joinAddress: string;
  projectorHref: string;
}

/**
 * The live class code, its expiry and joins, where students join and a link
 * to the projector view; with `manage`, the generate and stop forms.
 * On the layout kit (ADR 161): it is on the class home, the most visited screen.
 */
export function ClassCodePanel({
  classCode,
  manage,
  error,
  join,
}: {
  classCode: ClassCodeView | null;
  manage?: boolean;
  error?: string | null;
  join?: JoinLinks;
}) {
  const { t, i18n } = useTranslation("staff");
  // The sentence around the join address, in the reader's word order: the link goes where {address} is.
  const joinAt = t(
    classCode && !classCode.expired ? "Students join at {address} with this code." : "Students join at {address}.",
    { address: ADDRESS_MARK },
  ).split(ADDRESS_MARK);
  return (
    <Card size="2">
      <Stack gap="3">
        <Heading as="h2" size="4" id="class-code-heading">
          {t("Class code")}
        </Heading>
        {classCode ? (
          <Stack gap="1">
            <Row gap="3">
              <Text data-testid="class-code" className="class-code">
                {classCode.code}
              </Text>
              {classCode.expired ? (
                <Badge color="orange">{t("Expired")}</Badge>
              ) : (
                <Badge color="green">{t("Live")}</Badge>
              )}
            </Row>
            <Text size="2" color="gray">
              {t(classCode.expired ? "Expired {date}" : "Expires {date}", {
                date: formatDateTime(classCode.expiresAt, i18n.language),
              })}{" "}
              ·{" "}
              {t("{count, plural, one {# student} other {# students}} joined with it", {
                count: classCode.joinedCount,
              })}
            </Text>
          </Stack>
        ) : (
          <Text size="2" color="gray">
            {t("No live code. Students cannot join this class until you generate one.")}
          </Text>
        )}
        {!manage && (!classCode || classCode.expired) ? (
          // The advice's own button: a code with the default expiry, posted to the page's action.
          <GenerateCodeForm hasCode={Boolean(classCode)} variant="soft" />
        ) : null}
        {join ? (
          <Stack gap="2">
            <Text size="2">
              {joinAt[0]}
              <TextAnchor underline="always" href={join.joinAddress} data-testid="join-address">
                {join.joinAddress}
              </TextAnchor>
              {joinAt[1]}
            </Text>
            <Row gap="2">
              <ButtonLink variant="soft" to={join.projectorHref}>
                {t("Show on the projector")}
              </ButtonLink>
            </Row>
          </Stack>
        ) : null}
        {manage ? (
          <Flex direction={{ initial: "column", sm: "row" }} align={{ initial: "stretch", sm: "end" }} gap="3">
            <Form method="post" aria-labelledby="class-code-heading">
              <input type="hidden" name="intent" value="generate-code" />
              <Flex align="end" wrap="wrap" gap="2">
                <Stack gap="1">
                  <Text as="label" htmlFor="expirationHours" size="2" weight="medium">
                    {t("Expires after (hours)")}
                  </Text>
                  <TextInput
                    style={{ width: "9rem" }}
                    id="expirationHours"
                    name="expirationHours"
                    type="number"
                    min={1}
                    max={87600}
                    placeholder="87600"
                    aria-describedby={error ? "expirationHours-hint expirationHours-error" : "expirationHours-hint"}
                    aria-invalid={error ? true : undefined}
                  />
                </Stack>
                <Button type="submit">{classCode ? t("Replace code") : t("Generate code")}</Button>
              </Flex>
              <Text as="p" size="1" color="gray" mt="1" id="expirationHours-hint">
                {t("Leave empty for ten years (87600 hours).")}
              </Text>
              {error ? (
                <Text as="p" size="2" color="red" id="expirationHours-error">
                  {t(error)}
                </Text>
              ) : null}
            </Form>
            {classCode ? (
              // Asks first (the page's confirmation, with or without JavaScript): stopping says what it does to the cards.
              <ButtonLink variant="soft" color="red" to="?confirm=stop-code">
                {t("Stop code")}
              </ButtonLink>
            ) : null}
          </Flex>
        ) : null}
      </Stack>
    </Card>
  );
}
