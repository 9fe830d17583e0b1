import { Form, Link } from "react-router";
import { badge, button, card, heading, linkInText, row, stack, text } from "~/components/ui/radix-classes";
import { formatDateTime, plural } from "./format";

export interface ClassCodeView {
  code: string;
  expiresAt: Date | string;
  expired: boolean;
  joinedCount: number;
}

/** Where students join (the configured public address + /join) and the class's projector view. */
export interface JoinLinks {
  joinAddress: string;
  projectorHref: string;
}

/**
 * The live class code, its expiry and joins, where students join and a link
 * to the projector view; with `manage`, the generate and stop forms.
 * Plain elements with Radix Themes' classes (radix-classes.ts): it is on the class home and the students screen.
 */
export function ClassCodePanel({
  classCode,
  manage,
  error,
  join,
}: {
  classCode: ClassCodeView | null;
  manage?: boolean;
  error?: string | null;
  join?: JoinLinks;
}) {
  return (
    <div className={card(2)}>
      <div className={stack(3)}>
        <h2 id="class-code-heading" className={heading(4)}>
          Class code
        </h2>
        {classCode ? (
          <div className={stack(1)}>
            <div className={row(3)}>
              <span data-testid="class-code" className="rt-Text class-code">
                {classCode.code}
              </span>
              {classCode.expired ? (
                <span data-accent-color="orange" className={badge()}>
                  Expired
                </span>
              ) : (
                <span data-accent-color="green" className={badge()}>
                  Live
                </span>
              )}
            </div>
            <span data-accent-color="gray" className={text(2)}>
              {classCode.expired ? "Expired" : "Expires"} {formatDateTime(classCode.expiresAt)} ·{" "}
              {plural(classCode.joinedCount, "student")} joined with it
            </span>
          </div>
        ) : (
          <span data-accent-color="gray" className={text(2)}>
            No live code. Students cannot join this class until you generate one.
          </span>
        )}
        {join ? (
          <div className={stack(2)}>
            <span className={text(2)}>
              Students join at{" "}
              <a data-accent-color="" className={linkInText} href={join.joinAddress} data-testid="join-address">
                {join.joinAddress}
              </a>
              {classCode && !classCode.expired ? " with this code." : "."}
            </span>
            <div className={row(2)}>
              <Link data-accent-color="" className={button("soft")} to={join.projectorHref}>
                Show on the projector
              </Link>
            </div>
          </div>
        ) : null}
        {manage ? (
          <div className="rt-Flex rt-r-fd-column sm:rt-r-fd-row rt-r-ai-stretch sm:rt-r-ai-end rt-r-gap-3">
            <Form method="post" aria-labelledby="class-code-heading">
              <input type="hidden" name="intent" value="generate-code" />
              <div className="rt-Flex rt-r-ai-end rt-r-fw-wrap rt-r-gap-2">
                <div className={stack(1)}>
                  <label htmlFor="expirationHours" className="rt-Text rt-r-size-2 rt-r-weight-medium">
                    Expires after (hours)
                  </label>
                  <div style={{ width: "9rem" }} className="rt-TextFieldRoot rt-r-size-2 rt-variant-surface">
                    <input
                      spellCheck="false"
                      id="expirationHours"
                      name="expirationHours"
                      type="number"
                      min={1}
                      max={87600}
                      placeholder="87600"
                      aria-describedby={error ? "expirationHours-hint expirationHours-error" : "expirationHours-hint"}
                      aria-invalid={error ? true : undefined}
                      className="rt-reset rt-TextFieldInput"
                    />
                  </div>
                </div>
                <button data-accent-color="" type="submit" className={button("solid")}>
                  {classCode ? "Replace code" : "Generate code"}
                </button>
              </div>
              <p data-accent-color="gray" id="expirationHours-hint" className={text(1, "rt-r-mt-1")}>
                Leave empty for ten years (87600 hours).
              </p>
              {error ? (
                <p data-accent-color="red" id="expirationHours-error" className={text(2)}>
                  {error}
                </p>
              ) : null}
            </Form>
            {classCode ? (
              <Form method="post">
                <input type="hidden" name="intent" value="stop-code" />
                <button data-accent-color="red" type="submit" className={button("soft")}>
                  Stop code
                </button>
              </Form>
            ) : null}
          </div>
        ) : null}
      </div>
    </div>
  );
}
