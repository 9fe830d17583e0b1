import { Heading, Link, Text } from "@radix-ui/themes";
import { storyblokEditable } from "@storyblok/react";
import Markdown, { type Components } from "react-markdown";
import { hasText, type SurveyTextBlock } from "~/lib/survey-content";

/**
 * Markdown to Radix typography. Links keep react-markdown's default
 * urlTransform: http, https, irc, ircs, mailto, xmpp and relative URLs are
 * kept, anything else (javascript:, data:, vbscript:, …) is blanked.
 * Raw HTML in the content is escaped, never rendered. Links are always
 * underlined: inside running text, colour alone must not tell them apart.
 */
const components: Components = {
  p: ({ children }) => (
    <Text as="p" size="3" className="survey-markdown-p" dir="auto">
      {children}
    </Text>
  ),
  a: ({ href, children }) => (
    <Link href={href ?? ""} underline="always">
      {children}
    </Link>
  ),
  h1: ({ children }) => (
    <Heading as="h3" size="5" dir="auto">
      {children}
    </Heading>
  ),
  h2: ({ children }) => (
    <Heading as="h3" size="4" dir="auto">
      {children}
    </Heading>
  ),
  h3: ({ children }) => (
    <Heading as="h4" size="3" dir="auto">
      {children}
    </Heading>
  ),
  strong: ({ children }) => <strong>{children}</strong>,
};

/** survey text block: markdown from the content; nothing when it is empty. */
export function SurveyText({ blok }: { blok: SurveyTextBlock }) {
  if (!hasText(blok.content)) return null;
  return (
    <div className="survey-markdown" dir="auto" {...storyblokEditable(blok)}>
      <Markdown components={components}>{blok.content}</Markdown>
    </div>
  );
}
