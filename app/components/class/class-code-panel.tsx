import { Badge, Button, Card, Flex, Heading, Text, TextField } from "@radix-ui/themes";
import { Form } from "react-router";
import { formatDateTime, plural } from "./format";

export interface ClassCodeView {
  code: string;
  expiresAt: Date | string;
  expired: boolean;
  joinedCount: number;
}

/** The live class code, its expiry and joins; with `manage`, the generate and stop forms. */
export function ClassCodePanel({ classCode, manage, error }: { classCode: ClassCodeView | null; manage?: boolean; error?: string | null }) {
  return (
    <Card size="2">
      <Flex direction="column" gap="3">
        <Heading as="h2" size="4" id="class-code-heading">
          Class code
        </Heading>
        {classCode ? (
          <Flex direction="column" gap="1">
            <Flex align="center" gap="3" wrap="wrap">
              <Text className="class-code" data-testid="class-code">
                {classCode.code}
              </Text>
              {classCode.expired ? <Badge color="orange">Expired</Badge> : <Badge color="green">Live</Badge>}
            </Flex>
            <Text size="2" color="gray">
              {classCode.expired ? "Expired" : "Expires"} {formatDateTime(classCode.expiresAt)} ·{" "}
              {plural(classCode.joinedCount, "student")} joined with it
            </Text>
          </Flex>
        ) : (
          <Text size="2" color="gray">
            No live code. Students cannot join this class until you generate one.
          </Text>
        )}
        {manage ? (
          <Flex direction={{ initial: "column", sm: "row" }} gap="3" align={{ initial: "stretch", sm: "end" }}>
            <Form method="post" aria-labelledby="class-code-heading">
              <input type="hidden" name="intent" value="generate-code" />
              <Flex gap="2" align="end" wrap="wrap">
                <Flex direction="column" gap="1">
                  <Text as="label" htmlFor="expirationHours" size="2" weight="medium">
                    Expires after (hours)
                  </Text>
                  <TextField.Root
                    id="expirationHours"
                    name="expirationHours"
                    type="number"
                    min={1}
                    max={87600}
                    placeholder="87600"
                    aria-describedby={error ? "expirationHours-hint expirationHours-error" : "expirationHours-hint"}
                    aria-invalid={error ? true : undefined}
                    style={{ width: "9rem" }}
                  />
                </Flex>
                <Button type="submit">{classCode ? "Replace code" : "Generate code"}</Button>
              </Flex>
              <Text id="expirationHours-hint" size="1" color="gray" as="p" mt="1">
                Leave empty for ten years (87600 hours).
              </Text>
              {error ? (
                <Text id="expirationHours-error" size="2" color="red" as="p">
                  {error}
                </Text>
              ) : null}
            </Form>
            {classCode ? (
              <Form method="post">
                <input type="hidden" name="intent" value="stop-code" />
                <Button type="submit" color="red" variant="soft">
                  Stop code
                </Button>
              </Form>
            ) : null}
          </Flex>
        ) : null}
      </Flex>
    </Card>
  );
}
