import type { ReactNode } from "react";
import { Card, Heading, Stack, Text, type TextSize } from "~/components/ui/kit";

/**
 * A card with one figure under its title (students on the list, online now,
 * the response rate) and what explains it below. On the layout kit: it is on
 * the class home and the results screen.
 */
export function StatCard({
  title,
  value,
  valueSize = "8",
  size = "2",
  gap = "2",
  testId,
  children,
}: {
  title: string;
  value: ReactNode;
  valueSize?: TextSize;
  size?: "2" | "3";
  gap?: "1" | "2";
  testId?: string;
  children: ReactNode;
}) {
  return (
    <Card size={size}>
      <Stack gap={gap}>
        <Heading as="h2" size="4">
          {title}
        </Heading>
        <Text size={valueSize} weight="bold" data-testid={testId}>
          {value}
        </Text>
        {children}
      </Stack>
    </Card>
  );
}
