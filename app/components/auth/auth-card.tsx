import { Box, Card, Flex, Heading, Text } from "@radix-ui/themes";
import { Logo } from "../layout/logo";

/** The centred card every public account screen uses. */
export function AuthCard({
  title,
  description,
  children,
}: {
  title: string;
  description?: React.ReactNode;
  children: React.ReactNode;
}) {
  return (
    <Flex asChild direction="column" align="center" justify="center" className="auth-page" px="4" py="8" gap="5">
      <main id="main" tabIndex={-1}>
        <Logo />
        <Card size="4" className="auth-card">
          <Flex direction="column" gap="4">
            <Box>
              <Heading as="h1" size="6" mb="1">
                {title}
              </Heading>
              {description ? (
                <Text as="p" color="gray" size="2">
                  {description}
                </Text>
              ) : null}
            </Box>
            {children}
          </Flex>
        </Card>
      </main>
    </Flex>
  );
}
