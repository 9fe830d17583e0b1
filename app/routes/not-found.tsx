import { Button, Card, Flex, Heading, Text } from "@radix-ui/themes";
import { data, Link } from "react-router";

export function loader() {
  return data(null, { status: 404 });
}

/** A form posted to a page that does not exist is the same 404 page, not a "method not allowed". */
export function action() {
  return data(null, { status: 404 });
}

export default function NotFound() {
  return (
    <Flex asChild justify="center" p="6">
      <main id="main" tabIndex={-1}>
        <Card size="3" style={{ maxWidth: 480, width: "100%" }}>
          <Flex direction="column" gap="3">
            <Heading as="h1" size="6">
              Not Found
            </Heading>
            <Text color="gray">We could not find that page. Check the address, or start again from the beginning.</Text>
            <Flex>
              <Button asChild variant="soft">
                <Link to="/">Go to the start page</Link>
              </Button>
            </Flex>
          </Flex>
        </Card>
      </main>
    </Flex>
  );
}

export const meta = () => [{ title: "Not Found · Orliverse Classroom" }];
