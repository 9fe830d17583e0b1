import { card, heading, link, stack, text } from "~/components/ui/radix-classes";

export interface ContactView {
  id?: number;
  name: string;
  relationship: string | null;
  email: string | null;
  phonePrimary: string | null;
  phoneSecondary: string | null;
  notes: string | null;
}

/**
 * The contact card (docs/product.md#contact-card): name, relationship (or 'No relationship'), e-mail, phones, notes.
 * Plain elements with Radix Themes' classes: a class list shows dozens of these.
 */
export function ContactCard({
  contact,
  headingLevel: HeadingTag = "h4",
}: {
  contact: ContactView;
  headingLevel?: "h3" | "h4" | "h5";
}) {
  return (
    <div className={card(1)}>
      <div className={stack(1)}>
        <HeadingTag className={heading(3)}>{contact.name}</HeadingTag>
        <span data-accent-color="gray" className={text(2)}>
          {contact.relationship || "No relationship"}
        </span>
        {contact.email ? (
          <span className={text(2)}>
            <a data-accent-color="" className={link} href={`mailto:${contact.email}`}>
              {contact.email}
            </a>
          </span>
        ) : null}
        {contact.phonePrimary ? <PhoneLine phone={contact.phonePrimary} /> : null}
        {contact.phoneSecondary ? <PhoneLine phone={contact.phoneSecondary} /> : null}
        {contact.notes ? <p className={text(2)}>{contact.notes}</p> : null}
      </div>
    </div>
  );
}

function PhoneLine({ phone }: { phone: string }) {
  return (
    <span className={text(2)}>
      <a data-accent-color="" className={link} href={`tel:${phone.replace(/\s+/g, "")}`}>
        {phone}
      </a>
    </span>
  );
}
