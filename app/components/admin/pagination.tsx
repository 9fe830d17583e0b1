import { Button, Flex, Text } from "@radix-ui/themes";
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
  noun: [singular: string, plural: string];
  hrefFor: (page: number) => string;
}) {
  return (
    // A <nav>: aria-label names a landmark; on a plain <div> it names nothing (ARIA 1.2).
    <Flex asChild justify="between" align="center" gap="3" wrap="wrap" mt="3">
      <nav aria-label="Pagination">
        <Text size="2" color="gray" role="status">
          {total} {total === 1 ? noun[0] : noun[1]} · page {page} of {pageCount}
        </Text>
        <Flex gap="2">
          {page > 1 ? (
            <Button asChild variant="soft" size="2">
              <Link to={hrefFor(page - 1)} rel="prev">
                ← Previous
              </Link>
            </Button>
          ) : null}
          {page < pageCount ? (
            <Button asChild variant="soft" size="2">
              <Link to={hrefFor(page + 1)} rel="next">
                Next →
              </Link>
            </Button>
          ) : null}
        </Flex>
      </nav>
    </Flex>
  );
}
