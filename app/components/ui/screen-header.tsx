import type { ReactNode } from "react";
import { Flex, Heading, SplitRow, Text } from "./kit";

/**
 * A screen's heading with a line under it and the screen's actions beside it,
 * on the layout kit (the class screens and the admin's import screen; the
 * admin's other screens use layout/page-header.tsx).
 */
export function ScreenHeader({
  title,
  description,
  actions,
}: {
  title: ReactNode;
  description: ReactNode;
  actions: ReactNode;
}) {
  return (
    <SplitRow gap="3">
      <Flex direction="column" gap="1">
        <Heading size="6">{title}</Heading>
        <Text size="2" color="gray">
          {description}
        </Text>
      </Flex>
      {actions}
    </SplitRow>
  );
}
