import { Flex } from "@radix-ui/themes";
import { useTranslation } from "react-i18next";
import { data, Link } from "react-router";
import { MessageCard } from "~/components/message-card";
import { metaTranslator } from "~/lib/i18n/meta";
import type { PlainPageHandle } from "~/lib/plain-page";
import type { Route } from "./+types/not-found";

/** A public page: served without the client bundle, with the plain script (ADR 170). */
export const handle: PlainPageHandle = { plainPage: true };

export function loader() {
  return data(null, { status: 404 });
}

/** A form posted to a page that does not exist is the same 404 page, not a "method not allowed". */
export function action() {
  return data(null, { status: 404 });
}

export default function NotFound() {
  const { t } = useTranslation("common");
  return (
    <Flex asChild justify="center" p="6">
      <main id="main" tabIndex={-1}>
        <MessageCard
          title={t("Not Found")}
          action={<Link to="/">{t("Go to the start page")}</Link>}
          style={{ maxWidth: 480, width: "100%" }}
        >
          {t("We could not find that page. Check the address, or start again from the beginning.")}
        </MessageCard>
      </main>
    </Flex>
  );
}

export const meta: Route.MetaFunction = ({ matches }) => [
  { title: `${metaTranslator(matches, "common")("Not Found")} · Orliverse Classroom` },
];
