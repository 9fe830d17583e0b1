import { Card, Flex, Heading, Text } from "~/components/ui/kit";

/** Nothing to show yet: says so, and what to do next. The layout kit (kit.tsx): it shows on many class screens. */
export function EmptyState({
  title,
  children,
  action,
}: {
  title: string;
  children: React.ReactNode;
  action?: React.ReactNode;
}) {
  return (
    <Card size="2">
      <Flex direction="column" align="start" gap="2">
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
