import { Callout } from "@radix-ui/themes";

/** An honest placeholder for a screen whose tools are still being built. */
export function ComingSoon({ children }: { children: React.ReactNode }) {
  return (
    <Callout.Root color="gray" variant="surface">
      <Callout.Text>{children}</Callout.Text>
    </Callout.Root>
  );
}
