import { useTranslation } from "react-i18next";
import { Card, Flex, Heading, Text } from "~/components/ui/kit";
import { TextAnchor } from "~/components/ui/kit-controls";
import type { Contact } from "~/server/students/students.server";

/** A contact as the students screen reads it (app/server/students/students.server.ts); its id where it has one. */
export type ContactView = Omit<Contact, "id"> & { id?: number };

/**
 * The usual relationships, said in the reader's language (issue 36: a German teacher read "Father").
 * The field is free text: any other word is shown as the teacher typed it, in its own direction.
 */
export const RELATIONSHIP_WORDS = new Set([
  "Mother",
  "Father",
  "Parent",
  "Grandmother",
  "Grandfather",
  "Guardian",
  "Aunt",
  "Uncle",
  "Sister",
  "Brother",
  "Carer",
]);

/**
 * The contact card (docs/product.md#contact-card): name, relationship (or 'No relationship'), e-mail, phones, notes.
 * The layout kit (kit.tsx): a class list shows dozens of these.
 */
export function ContactCard({
  contact,
  headingLevel = "h4",
}: {
  contact: ContactView;
  headingLevel?: "h3" | "h4" | "h5";
}) {
  const { t } = useTranslation("staff");
  return (
    <Card size="1">
      <Flex direction="column" gap="1">
        <Heading as={headingLevel} size="3">
          <bdi>{contact.name}</bdi>
        </Heading>
        <Text size="2" color="gray">
          {!contact.relationship ? (
            t("No relationship")
          ) : RELATIONSHIP_WORDS.has(contact.relationship.trim()) ? (
            t(contact.relationship.trim())
          ) : (
            <bdi>{contact.relationship}</bdi>
          )}
        </Text>
        {contact.email ? (
          <Text size="2">
            <TextAnchor href={`mailto:${contact.email}`}>
              <bdi>{contact.email}</bdi>
            </TextAnchor>
          </Text>
        ) : null}
        {contact.phonePrimary ? <PhoneLine phone={contact.phonePrimary} /> : null}
        {contact.phoneSecondary ? <PhoneLine phone={contact.phoneSecondary} /> : null}
        {contact.notes ? (
          <Text as="p" size="2" dir="auto">
            {contact.notes}
          </Text>
        ) : null}
      </Flex>
    </Card>
  );
}

function PhoneLine({ phone }: { phone: string }) {
  return (
    <Text size="2">
      <TextAnchor href={`tel:${phone.replace(/\s+/g, "")}`}>{phone}</TextAnchor>
    </Text>
  );
}
