import { Card, Flex, Heading, Link, Text } from "@radix-ui/themes";

export interface ContactView {
  id?: number;
  name: string;
  relationship: string | null;
  email: string | null;
  phonePrimary: string | null;
  phoneSecondary: string | null;
  notes: string | null;
}

/** SPEC.md §2 contact card: name, relationship (or 'No relationship'), e-mail, phones, notes. */
export function ContactCard({ contact, headingLevel = "h4" }: { contact: ContactView; headingLevel?: "h3" | "h4" | "h5" }) {
  return (
    <Card size="1">
      <Flex direction="column" gap="1">
        <Heading as={headingLevel} size="3">
          {contact.name}
        </Heading>
        <Text size="2" color="gray">
          {contact.relationship || "No relationship"}
        </Text>
        {contact.email ? (
          <Text size="2">
            <Link href={`mailto:${contact.email}`}>{contact.email}</Link>
          </Text>
        ) : null}
        {contact.phonePrimary ? (
          <Text size="2">
            <Link href={`tel:${contact.phonePrimary.replace(/\s+/g, "")}`}>{contact.phonePrimary}</Link>
          </Text>
        ) : null}
        {contact.phoneSecondary ? (
          <Text size="2">
            <Link href={`tel:${contact.phoneSecondary.replace(/\s+/g, "")}`}>{contact.phoneSecondary}</Link>
          </Text>
        ) : null}
        {contact.notes ? (
          <Text size="2" as="p">
            {contact.notes}
          </Text>
        ) : null}
      </Flex>
    </Card>
  );
}
