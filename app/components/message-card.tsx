import { Button, Card, Flex, Heading, Text } from "@radix-ui/themes";
import type { CSSProperties, ReactElement, ReactNode } from "react";

/**
 * A page that has one thing to say, in a card: its heading (the page's h1), what happened, and the one way on,
 * a link shown as a soft button. The 404 page, and a survey preview the content service cannot show yet.
 */
export function MessageCard({
  title,
  children,
  action,
  style,
}: {
  title: ReactNode;
  children: ReactNode;
  /** The link (a router Link or a plain anchor) the button wraps. */
  action: ReactElement;
  style?: CSSProperties;
}) {
  return (
    <Card size="3" style={style}>
      <Flex direction="column" gap="3">
        <Heading as="h1" size="6">
          {title}
        </Heading>
        <Text color="gray">{children}</Text>
        <Flex>
          <Button asChild variant="soft">
            {action}
          </Button>
        </Flex>
      </Flex>
    </Card>
  );
}
