import { Card, Flex, Heading, Text } from "~/components/ui/kit";
import { ButtonLink } from "~/components/ui/kit-controls";

/**
 * Nothing to show yet: says so, and what to do next. The next step, when there
 * is one, is `action={{ to, label }}`: a soft button-link in the theme's accent
 * (the same on every screen). The layout kit (kit.tsx): it shows on many class screens.
 */
export function EmptyState({
  title,
  children,
  action,
}: {
  title: string;
  children: React.ReactNode;
  action?: { to: string; label: string };
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
        {action ? (
          <ButtonLink variant="soft" to={action.to}>
            {action.label}
          </ButtonLink>
        ) : null}
      </Flex>
    </Card>
  );
}
