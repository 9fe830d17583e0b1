import { Card, Flex, Heading, Text } from "@radix-ui/themes";

/** Nothing to show yet: says so, and what to do next. */
export function EmptyState({ title, children, action }: { title: string; children: React.ReactNode; action?: React.ReactNode }) {
  return (
    <Card size="2" variant="surface">
      <Flex direction="column" gap="2" align="start">
        <Heading as="h3" size="3">
          {title}
        </Heading>
        <Text as="p" size="2" color="gray">
          {children}
        </Text>
        {action}
      </Flex>
    </Card>
  );
}
