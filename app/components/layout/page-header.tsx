import { Box, Flex, Heading, Text } from "@radix-ui/themes";

/** A screen's title, optional description and actions, with consistent spacing. */
export function PageHeader({
  title,
  description,
  actions,
}: {
  title: string;
  description?: React.ReactNode;
  actions?: React.ReactNode;
}) {
  return (
    <Flex
      justify="between"
      align={{ initial: "start", sm: "center" }}
      gap="3"
      mb="5"
      direction={{ initial: "column", sm: "row" }}
    >
      <Box>
        <Heading as="h1" size="6">
          {title}
        </Heading>
        {description ? (
          <Text as="p" color="gray" size="2" mt="1">
            {description}
          </Text>
        ) : null}
      </Box>
      {actions ? <Flex gap="2">{actions}</Flex> : null}
    </Flex>
  );
}
