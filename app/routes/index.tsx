import { Flex, Heading, Text } from "@radix-ui/themes";

export default function Index() {
  return (
    <Flex direction="column" p="6" gap="2">
      <Heading as="h1">Orliverse Classroom</Heading>
      <Text>Classroom surveys for schools.</Text>
    </Flex>
  );
}
