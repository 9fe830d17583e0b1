import { Button, Flex, Text } from "@radix-ui/themes";
import { useTranslation } from "react-i18next";
import { Link } from "react-router";

/** Previous / next links that keep the current filters (plain links: no JavaScript needed). */
export function Pagination({
  page,
  pageCount,
  total,
  noun,
  hrefFor,
}: {
  page: number;
  pageCount: number;
  total: number;
  /** The total's words, an ICU plural on `count` ("{count, plural, one {# event} other {# events}}"). */
  noun: string;
  hrefFor: (page: number) => string;
}) {
  const { t } = useTranslation("staff");
  return (
    // A <nav>: aria-label names a landmark; on a plain <div> it names nothing (ARIA 1.2).
    <Flex asChild justify="between" align="center" gap="3" wrap="wrap" mt="3">
      <nav aria-label={t("Pagination")}>
        <Text size="2" color="gray" role="status">
          {t(noun, { count: total })} · {t("page {page} of {pageCount}", { page, pageCount })}
        </Text>
        <Flex gap="2">
          {page > 1 ? (
            <Button asChild variant="soft" size="2">
              <Link to={hrefFor(page - 1)} rel="prev">
                {t("← Previous")}
              </Link>
            </Button>
          ) : null}
          {page < pageCount ? (
            <Button asChild variant="soft" size="2">
              <Link to={hrefFor(page + 1)} rel="next">
                {t("Next →")}
              </Link>
            </Button>
          ) : null}
        </Flex>
      </nav>
    </Flex>
  );
}
