import { card, heading, text } from "~/components/ui/radix-classes";

/** Nothing to show yet: says so, and what to do next. Plain elements with Radix Themes' classes (radix-classes.ts). */
export function EmptyState({
  title,
  children,
  action,
}: {
  title: string;
  children: React.ReactNode;
  action?: React.ReactNode;
}) {
  return (
    <div className={card(2)}>
      <div className="rt-Flex rt-r-fd-column rt-r-ai-start rt-r-gap-2">
        <h3 className={heading(3)}>{title}</h3>
        <p data-accent-color="gray" className={text(2)}>
          {children}
        </p>
        {action}
      </div>
    </div>
  );
}
