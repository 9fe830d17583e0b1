import { readdirSync, readFileSync } from "node:fs";
import path from "node:path";
import { renderToStaticMarkup } from "react-dom/server";
import { describe, expect, test } from "vitest";
import { BrowserI18n } from "~/lib/i18n/browser-react-i18next";
import {
  type ContentBlock,
  headerAnchorIds,
  listAnswerFields,
  type OptionAnswerBlock,
  type SurveyBlock as SurveyBlockData,
  videoFrameTitles,
} from "~/lib/survey-content";
import { surveyLabelsFor } from "~/server/i18n/catalogues.server";
import { validateHtmlFragment } from "../../../tests/support/html-validate";
import { ResponseArt } from "./response-art";
import { ResponseFaces } from "./response-faces";
import { ResponseOptions } from "./response-options";
import { ResponseText } from "./response-text";
import { isInStoryblokEditor } from "./storyblok-bridge";
import { SurveyBlock } from "./survey-block";
import { SurveyHeader } from "./survey-header";
import { SurveyImage } from "./survey-image";
import { SurveyLabelsProvider } from "./survey-labels";
import { SurveyPreview } from "./survey-preview";
import { SurveyText } from "./survey-text";
import { SurveyVideo } from "./survey-video";

/** What a reader sees: the markup's text, visually hidden text and tags dropped, entities decoded, spaces collapsed. */
function visibleText(html: string): string {
  return (
    html
      .replace(/<(\w+) class="visually-hidden">[^<]*<\/\1>/g, " ")
      // An <audio>'s fallback link is not shown where the browser plays audio.
      .replace(/<audio [^>]*>.*?<\/audio>/g, " ")
      .replace(/<[^>]+>/g, " ")
      .replace(/&quot;/g, '"')
      .replace(/&#x27;/g, "'")
      .replace(/&lt;/g, "<")
      .replace(/&gt;/g, ">")
      .replace(/&amp;/g, "&")
      .replace(/\s+/g, " ")
      .trim()
  );
}

function hrefs(html: string): string[] {
  return [...html.matchAll(/<a [^>]*href="([^"]*)"/g)].map((match) => match[1].replace(/&amp;/g, "&"));
}

const EDITABLE = '<!--#storyblok#{"name": "survey-header", "space": "1", "uid": "h1", "id": "42"}-->';

describe("survey", () => {
  const survey: SurveyBlockData = {
    _uid: "s1",
    component: "survey",
    title: "Class climate",
    description: "How does our classroom feel?",
    content: [{ _uid: "h1", component: "survey-header", content: "Before you start" }],
    response: [
      {
        _uid: "r1",
        component: "response-options",
        prompt: "Do you feel safe?",
        response_options: [{ _uid: "o1", component: "response-options-item", content: "Yes" }],
      },
    ],
  };

  test("shows the title, the description, the content and a 'Response' section with id survey-responses", () => {
    const html = renderToStaticMarkup(<SurveyPreview blok={survey} />);
    expect(html).toMatch(/<h1[^>]*id="survey-title"[^>]*>Class climate<\/h1>/);
    expect(visibleText(html)).toContain("How does our classroom feel?");
    expect(visibleText(html)).toContain("Before you start");
    expect(html).toMatch(/<section id="survey-responses"/);
    expect(html).toMatch(/<h2[^>]*>Response<\/h2>/);
    const responseSection = html.slice(html.indexOf('id="survey-responses"'));
    expect(visibleText(responseSection)).toContain("Do you feel safe? 1. Yes");
  });

  test("shows the 'Response' section even when the survey asks nothing", () => {
    const html = renderToStaticMarkup(<SurveyPreview blok={{ _uid: "s2", component: "survey", title: "Empty" }} />);
    expect(html).toContain('id="survey-responses"');
    expect(visibleText(html)).toBe("Empty Response");
  });

  test("an unknown block renders nothing", () => {
    const html = renderToStaticMarkup(<SurveyBlock blok={{ _uid: "x", component: "survey-carousel" }} />);
    expect(html).toBe("");
  });
});

describe("Storyblok editable attributes", () => {
  test("each block's root carries them when the story has _editable", () => {
    const html = renderToStaticMarkup(
      <SurveyHeader blok={{ _uid: "h1", component: "survey-header", content: "Hello", _editable: EDITABLE }} />,
    );
    expect(html).toContain('data-blok-uid="42-h1"');
    expect(html).toContain("data-blok-c=");
  });

  test("published content without _editable gets no editor attributes", () => {
    const html = renderToStaticMarkup(
      <SurveyHeader blok={{ _uid: "h1", component: "survey-header", content: "Hello" }} />,
    );
    expect(html).not.toContain("data-blok");
  });

  test("the visual-editor bridge is for the editor only: the URL must carry _storyblok_tk", () => {
    expect(isInStoryblokEditor("?_storyblok=42&_storyblok_tk[space_id]=1&_storyblok_tk[token]=abc")).toBe(true);
    expect(isInStoryblokEditor("")).toBe(false);
    expect(isInStoryblokEditor("?_storyblok=42")).toBe(false);
    expect(isInStoryblokEditor("?page=_storyblok_tk")).toBe(false);
  });
});

describe("survey-header", () => {
  test("is a heading whose anchor id is the lowercased text with spaces turned into hyphens", () => {
    const html = renderToStaticMarkup(
      <SurveyHeader blok={{ _uid: "h", component: "survey-header", content: "How Are You Today" }} />,
    );
    expect(html).toMatch(/<h2[^>]*id="how-are-you-today"[^>]*>How Are You Today<\/h2>/);
  });

  test("the id is made from the text as written (no trimming), and equal headings get distinct ids", () => {
    const blocks = [
      { _uid: "h1", component: "survey-header", content: "Warm up" },
      { _uid: "t", component: "survey-text", content: "Between" },
      { _uid: "h2", component: "survey-header", content: "Warm up" },
      { _uid: "h3", component: "survey-header", content: " Warm up " },
      { _uid: "h4", component: "survey-header", content: "Warm up" },
    ] as ContentBlock[];
    expect([...headerAnchorIds(blocks).entries()]).toEqual([
      ["h1", "warm-up"],
      ["h2", "warm-up-2"],
      ["h3", "-warm-up-"],
      ["h4", "warm-up-3"],
    ]);
    const html = renderToStaticMarkup(
      <SurveyPreview blok={{ _uid: "s", component: "survey", title: "T", content: blocks, response: [] }} />,
    );
    expect([...html.matchAll(/<h2[^>]* id="([^"]*)"/g)].map((match) => match[1])).toEqual([
      "warm-up",
      "warm-up-2",
      "-warm-up-",
      "warm-up-3",
      "survey-responses-heading",
    ]);
  });

  test("renders nothing without text", () => {
    expect(renderToStaticMarkup(<SurveyHeader blok={{ _uid: "h", component: "survey-header", content: "  " }} />)).toBe(
      "",
    );
  });
});

describe("survey-image", () => {
  test("shows the image with its alt text", () => {
    const html = renderToStaticMarkup(
      <SurveyImage
        blok={{
          _uid: "i",
          component: "survey-image",
          image: { filename: "/survey-images/800x360/library.svg", alt: "A school library" },
        }}
      />,
    );
    expect(html).toMatch(
      /<img src="\/survey-images\/800x360\/library.svg" alt="A school library" width="800" height="360"/,
    );
  });

  test("an image without alt text gets alt 'Image' (the specification's default), in the reader's language", () => {
    for (const alt of [undefined, null, "", "   "]) {
      const blok = { _uid: "i", component: "survey-image", image: { filename: "/a.svg", alt } } as const;
      expect(renderToStaticMarkup(<SurveyImage blok={blok} />)).toContain('alt="Image"');
      const german = renderToStaticMarkup(
        <SurveyLabelsProvider labels={surveyLabelsFor("de")}>
          <SurveyImage blok={blok} />
        </SurveyLabelsProvider>,
      );
      expect(german).toContain('alt="Bild"');
    }
  });

  test("width and height come from the URL's /WxH/ segment (Storyblok's asset URLs), else none", () => {
    const sized = renderToStaticMarkup(
      <SurveyImage
        blok={{
          _uid: "i",
          component: "survey-image",
          image: { filename: "https://a.storyblok.com/f/12345/1200x675/ab12cd/library.jpg", alt: "x" },
        }}
      />,
    );
    expect(sized).toMatch(/<img [^>]*width="1200" height="675"/);
    const unsized = renderToStaticMarkup(
      <SurveyImage blok={{ _uid: "i", component: "survey-image", image: { filename: "/pictures/a.png", alt: "x" } }} />,
    );
    expect(unsized).not.toMatch(/width=|height=/);
  });

  test("is not shown without a filename", () => {
    for (const image of [undefined, null, { filename: "" }, { filename: null, alt: "Nothing" }]) {
      expect(renderToStaticMarkup(<SurveyImage blok={{ _uid: "i", component: "survey-image", image }} />)).toBe("");
    }
  });

  test("a filename passes the links' protocol filter: data:, javascript: and the like show nothing", () => {
    for (const filename of [
      "data:image/svg+xml;base64,PHN2Zz48c2NyaXB0PmFsZXJ0KDEpPC9zY3JpcHQ+PC9zdmc+",
      "data:text/html,<script>alert(1)</script>",
      "javascript:alert(1)",
      " JavaScript:alert(1)",
      "java\tscript:alert(1)",
      "vbscript:msgbox(1)",
      "file:///etc/passwd",
    ]) {
      const html = renderToStaticMarkup(
        <SurveyImage blok={{ _uid: "i", component: "survey-image", image: { filename, alt: "x" } }} />,
      );
      expect(html, filename).toBe("");
    }
  });

  test("http, https and relative filenames are shown, for the image and its link alike", () => {
    for (const filename of [
      "https://a.storyblok.com/f/1/library.png",
      "http://example.org/a.png",
      "/survey-images/a.svg",
    ]) {
      const html = renderToStaticMarkup(
        <SurveyImage blok={{ _uid: "i", component: "survey-image", image: { filename, alt: "x" } }} />,
      );
      expect(html).toContain(`src="${filename}"`);
      expect(html).toContain(`href="${filename}"`);
    }
  });
});

describe("response-options", () => {
  test("shows the prompt and numbered option buttons, skipping options with no content", () => {
    const html = renderToStaticMarkup(
      <ResponseOptions
        blok={{
          _uid: "r",
          component: "response-options",
          prompt: "How do you feel?",
          response_options: [
            { _uid: "a", component: "response-options-item", content: "Great" },
            { _uid: "b", component: "response-options-item", content: "" },
            { _uid: "c", component: "response-options-item" },
            { _uid: "d", component: "response-options-item", content: "   " },
            { _uid: "e", component: "response-options-item", content: "Okay" },
          ],
        }}
      />,
    );
    expect(visibleText(html)).toBe("How do you feel? 1. Great 2. Okay");
    expect(html.match(/<button/g)).toHaveLength(2);
  });
});

describe("response-faces", () => {
  const faces = (labels: string[]) =>
    labels.map((label, index) => ({ _uid: `f${index}`, component: "response-faces-item" as const, label }));

  test("shows the prompt and each face drawn with its label; a screen reader hears its place on the scale", () => {
    const html = renderToStaticMarkup(
      <SurveyLabelsProvider labels={surveyLabelsFor("en")}>
        <ResponseFaces
          blok={{
            _uid: "r",
            component: "response-faces",
            prompt: "How do you feel?",
            faces: faces(["Sad", "Okay", "Happy"]),
          }}
        />
      </SurveyLabelsProvider>,
    );
    expect(visibleText(html)).toBe("How do you feel? Sad Okay Happy");
    expect(html.match(/<button/g)).toHaveLength(3);
    expect(html.match(/<svg[^>]*aria-hidden="true"/g)).toHaveLength(3);
    expect([...html.matchAll(/data-face="([a-z-]+)"/g)].map((match) => match[1])).toEqual(["sad", "okay", "happy"]);
    expect([...html.matchAll(/aria-label="([^"]+)"/g)].map((match) => match[1])).toEqual([
      "Options: How do you feel?",
      "Sad, 1 of 3",
      "Okay, 2 of 3",
      "Happy, 3 of 3",
    ]);
    expect(html).not.toMatch(/<img|href=/);
  });

  test("a scale of 4 faces tells the author what it needs, and shows no faces", () => {
    const html = renderToStaticMarkup(
      <SurveyLabelsProvider labels={surveyLabelsFor("de")}>
        <ResponseFaces blok={{ _uid: "r", component: "response-faces", faces: faces(["a", "b", "c", "d"]) }} />
      </SurveyLabelsProvider>,
    );
    expect(visibleText(html)).toBe("Eine Gesichterskala braucht 2, 3 oder 5 Gesichter, jedes mit einer Beschriftung.");
    expect(html).not.toContain("<svg");
  });
});

describe("response-text", () => {
  const html = renderToStaticMarkup(
    <ResponseText
      blok={{
        _uid: "t",
        component: "response-text",
        prompt: "Tell us more",
        questions: [
          {
            _uid: "q1",
            component: "response-text-question",
            prompt: "What made you smile?",
            answers: [{ _uid: "a1", component: "response-text-question-answer-freetext" }],
          },
          {
            _uid: "q2",
            component: "response-text-question",
            prompt: "Who do you talk to?",
            answers: [
              { _uid: "a2", component: "response-text-question-answer-option", choices: ["A teacher", "", "A friend"] },
            ],
          },
        ],
      }}
    />,
  );

  test("shows the prompt and numbered questions", () => {
    expect(visibleText(html)).toMatch(/^Tell us more 1\. What made you smile\? .* 2\. Who do you talk to\?/);
  });

  test("a free-text answer shows a box reading '[Student will type their answer here]'", () => {
    expect(visibleText(html)).toContain("1. What made you smile? [Student will type their answer here] 2.");
  });

  test("a choice answer shows its options (empty ones skipped), disabled", () => {
    expect(visibleText(html)).toContain("2. Who do you talk to? A teacher A friend");
    expect(html.match(/<input type="radio"[^>]*disabled/g)).toHaveLength(2);
    expect(html).toMatch(/<fieldset[^>]*disabled/);
  });

  test("a choice may be a block with a recording, beside plain ones; its recording plays beside it, never by itself (issue 37)", () => {
    const choices = [
      "A teacher",
      {
        _uid: "c2",
        component: "response-text-question-answer-choice",
        content: "A friend",
        audio: { filename: "/survey-audio/en/friend.ogg" },
        _editable: EDITABLE.replace('"uid": "h1"', '"uid": "c2"'),
      },
      { _uid: "c3", component: "response-text-question-answer-choice", content: " " },
      {
        _uid: "c4",
        component: "response-text-question-answer-choice",
        content: "Far away",
        audio: { filename: "https://elsewhere.example/a.ogg" },
      },
      { _uid: "c5", component: "survey-text", content: "not a choice" },
      null,
    ] as unknown as OptionAnswerBlock["choices"];
    const rendered = renderToStaticMarkup(
      <ResponseText
        blok={{
          _uid: "t",
          component: "response-text",
          questions: [
            {
              _uid: "q",
              component: "response-text-question",
              prompt: "Who?",
              prompt_audio: { filename: "/survey-audio/en/who.ogg" },
              answers: [{ _uid: "a", component: "response-text-question-answer-option", choices }],
            },
          ],
        }}
      />,
    );
    expect(visibleText(rendered)).toContain("1. Who? A teacher A friend Far away");
    expect(rendered.match(/<input type="radio"[^>]*disabled/g)).toHaveLength(3);
    const players = rendered.match(/<audio [^>]*>/g) ?? [];
    // The prompt's and the second choice's; a host the page may not play from gives no player.
    expect(players.map((tag) => /src="([^"]+)"/.exec(tag)?.[1])).toEqual([
      "/survey-audio/en/who.ogg",
      "/survey-audio/en/friend.ogg",
    ]);
    for (const tag of players) {
      expect(tag).toContain('preload="none"');
      expect(tag).not.toContain("autoplay");
    }
    expect(rendered).toMatch(/aria-describedby="survey-choice-a-1"/);
    // In Storyblok's visual editor a recorded choice is a block of its own to edit.
    expect(rendered).toContain('data-blok-uid="42-c2"');
    expect(rendered).not.toMatch(/<label[^>]*>(?:(?!<\/label>).)*<audio/);
    expect(
      listAnswerFields({
        _uid: "s",
        component: "survey",
        response: [
          {
            _uid: "t",
            component: "response-text",
            questions: [
              {
                _uid: "q",
                component: "response-text-question",
                answers: [{ _uid: "a", component: "response-text-question-answer-option", choices }],
              },
            ],
          },
        ],
      }),
    ).toEqual([
      { uid: "a", kind: "choice", prompt: "", questionNumber: 1, choices: ["A teacher", "A friend", "Far away"] },
    ]);
  });
});

describe("response-art", () => {
  // As the preview page renders it: the labels of the content's language (here English) from the loader.
  const html = renderToStaticMarkup(
    <SurveyLabelsProvider labels={surveyLabelsFor("en")}>
      <ResponseArt blok={{ _uid: "art", component: "response-art", prompt: "Draw your safe place" }} />
    </SurveyLabelsProvider>,
  );

  test("shows the prompt, a disabled toolbar (undo, redo, clear) and the message", () => {
    expect(visibleText(html)).toMatch(
      /^Draw your safe place Undo Redo Clear 3 8 15 40 Drawing will be enabled in the Orliverse app!$/,
    );
    const buttons = html.match(/<button[^>]*>/g) ?? [];
    expect(buttons).toHaveLength(3 + 4 + 12);
    for (const button of buttons) expect(button).toContain("disabled");
  });

  test("brush sizes 3, 8, 15, 40 with 8 selected", () => {
    const brushes = [...html.matchAll(/aria-pressed="(true|false)" aria-label="Brush size (\d+)"/g)].map((m) => [
      m[2],
      m[1],
    ]);
    expect(brushes).toEqual([
      ["3", "false"],
      ["8", "true"],
      ["15", "false"],
      ["40", "false"],
    ]);
  });

  test("12 palette colours with the first, black, selected", () => {
    const swatches = [...html.matchAll(/<button[^>]*class="survey-art-swatch"[^>]*>/g)].map((m) => m[0]);
    expect(swatches).toHaveLength(12);
    expect(swatches[0]).toContain('aria-pressed="true"');
    expect(swatches[0]).toContain('aria-label="Black"');
    expect(swatches[0]).toContain("background-color:#000000");
    expect(swatches.slice(1).every((swatch) => swatch.includes('aria-pressed="false"'))).toBe(true);
  });

  test("a 600x400 canvas placeholder", () => {
    expect(html).toMatch(/class="survey-art-canvas" data-width="600" data-height="400"/);
    expect(html).toContain("aspect-ratio:600 / 400");
    expect(html).toContain("max-width:600px");
  });
});

describe("survey text block", () => {
  test("renders markdown", () => {
    const html = renderToStaticMarkup(
      <SurveyText blok={{ _uid: "m", component: "survey-text", content: "Read **carefully**.\n\n- one\n- two" }} />,
    );
    expect(html).toContain("<strong>carefully</strong>");
    expect(html).toMatch(/<li>one<\/li>/);
  });

  test("renders nothing when the content is empty", () => {
    expect(renderToStaticMarkup(<SurveyText blok={{ _uid: "m", component: "survey-text", content: "" }} />)).toBe("");
    expect(renderToStaticMarkup(<SurveyText blok={{ _uid: "m", component: "survey-text" }} />)).toBe("");
  });

  test("keeps only http, https, irc, ircs, mailto, xmpp and relative links; others are blanked", () => {
    const links = [
      ["https://example.org/a", "https://example.org/a"],
      ["http://example.org/b", "http://example.org/b"],
      ["irc://irc.libera.chat/school", "irc://irc.libera.chat/school"],
      ["ircs://irc.libera.chat/school", "ircs://irc.libera.chat/school"],
      ["mailto:office@riverside.example", "mailto:office@riverside.example"],
      ["xmpp:class@riverside.example", "xmpp:class@riverside.example"],
      ["/survey", "/survey"],
      ["../help#top", "../help#top"],
      ["#section", "#section"],
      ["javascript:alert(1)", ""],
      ["JavaScript:alert(1)", ""],
      ["data:text/html;base64,PHNjcmlwdD4=", ""],
      ["vbscript:msgbox(1)", ""],
      ["file:///etc/passwd", ""],
      ["ftp://files.example.org", ""],
    ] as const;
    const content = links.map(([url], index) => `[link ${index}](${url})`).join("\n\n");
    const html = renderToStaticMarkup(<SurveyText blok={{ _uid: "m", component: "survey-text", content }} />);
    expect(hrefs(html)).toEqual(links.map(([, expected]) => expected));
  });

  test("raw HTML in the content is shown as text, never rendered", () => {
    const html = renderToStaticMarkup(
      <SurveyText
        blok={{ _uid: "m", component: "survey-text", content: 'Hi <script>alert(1)</script><img src=x onerror="x">' }}
      />,
    );
    expect(html).not.toContain("<script");
    expect(html).not.toContain("<img");
  });
});

describe("survey video block", () => {
  test("embeds the player 100% wide and 480 high with the permissions of docs/product.md#preview-blocks, and a plain link", () => {
    const html = renderToStaticMarkup(
      <SurveyVideo
        blok={{ _uid: "v", component: "survey-video", youtube_link: "https://youtu.be/dQw4w9WgXcQ?si=abc" }}
      />,
    );
    expect(html).toContain('src="https://www.youtube-nocookie.com/embed/dQw4w9WgXcQ"');
    expect(html).toContain('style="width:100%"');
    expect(html).not.toContain("width=");
    expect(html).toContain('height="480"');
    expect(html).toContain(
      'allow="accelerometer; autoplay; clipboard-write; encrypted-media; gyroscope; picture-in-picture"',
    );
    expect(html).toContain('allowFullScreen=""');
    expect(html).toMatch(/<iframe[^>]*title="Survey video"/);
    expect(hrefs(html)).toEqual(["https://www.youtube.com/watch?v=dQw4w9WgXcQ"]);
  });

  test("the frame's title is the video's own title from the content, or the one the page gives it", () => {
    const own = renderToStaticMarkup(
      <SurveyVideo
        blok={{ _uid: "v", component: "survey-video", youtube_link: "dQw4w9WgXcQ", title: "Seeds sprout" }}
      />,
    );
    expect(own).toMatch(/<iframe[^>]*title="Seeds sprout"/);
    const given = renderToStaticMarkup(
      <SurveyVideo blok={{ _uid: "v", component: "survey-video", youtube_link: "dQw4w9WgXcQ" }} title="Video: Roots" />,
    );
    expect(given).toMatch(/<iframe[^>]*title="Video: Roots"/);
  });

  test("each video of a page gets its own frame title: its title, the header above it, or its number", () => {
    const say = (key: string, values?: Record<string, unknown>) =>
      new BrowserI18n(surveyLabelsFor("fr")).t("student", key, values);
    const titles = videoFrameTitles(
      [
        { _uid: "v1", component: "survey-video", youtube_link: "a" },
        { _uid: "h1", component: "survey-header", content: "Clip one: a seed sprouts" },
        { _uid: "v2", component: "survey-video", youtube_link: "b" },
        { _uid: "v3", component: "survey-video", youtube_link: "c" },
        { _uid: "v4", component: "survey-video", youtube_link: "d", title: "Roots in a glass jar" },
      ] as ContentBlock[],
      say,
    );
    expect([...titles.entries()]).toEqual([
      ["v1", "Vidéo 1"],
      ["v2", "Vidéo : Clip one: a seed sprouts"],
      ["v3", "Vidéo : Clip one: a seed sprouts (3)"],
      ["v4", "Roots in a glass jar"],
    ]);
  });

  test("a pasted embed link plays its video; a link of another form is used as given, encoded", () => {
    const src = (youtube_link: string) =>
      /<iframe src="([^"]*)"/.exec(
        renderToStaticMarkup(<SurveyVideo blok={{ _uid: "v", component: "survey-video", youtube_link }} />),
      )?.[1];
    expect(src("https://www.youtube.com/embed/dQw4w9WgXcQ")).toBe("https://www.youtube-nocookie.com/embed/dQw4w9WgXcQ");
    expect(src("https://vimeo.com/76979871")).toBe("https://www.youtube-nocookie.com/embed/vimeo.com%2F76979871");
  });

  test("renders nothing when the link is missing or no id can be extracted", () => {
    for (const youtube_link of [undefined, "", "https://youtu.be/", "https://www.youtube.com/watch?list=PL1"]) {
      expect(renderToStaticMarkup(<SurveyVideo blok={{ _uid: "v", component: "survey-video", youtube_link }} />)).toBe(
        "",
      );
    }
  });
});

const storyFiles = readdirSync("content/surveys", { recursive: true, encoding: "utf8" })
  .filter((file) => file.endsWith(".json"))
  .sort();

test.each(storyFiles)(
  "the preview of content/surveys/%s is valid HTML (html-validate, fieldsets with legends)",
  async (file) => {
    const story = JSON.parse(readFileSync(path.join("content/surveys", file), "utf8")) as { content: SurveyBlockData };
    const html = renderToStaticMarkup(<SurveyPreview blok={story.content} />);
    expect(await validateHtmlFragment(`<main>${html}</main>`)).toEqual([]);
  },
);

describe("the preview's own words are in the language of the content shown (ADR 229)", () => {
  const survey: SurveyBlockData = {
    _uid: "s-de",
    component: "survey",
    title: "Der Start ins Schuljahr",
    content: [],
    response: [
      {
        _uid: "rt",
        component: "response-text",
        prompt: "Erzähl uns",
        questions: [
          {
            _uid: "q1",
            component: "response-text-question",
            prompt: "Was hat dich froh gemacht?",
            answers: [{ _uid: "a1", component: "response-text-question-answer-freetext" }],
          },
        ],
      },
      { _uid: "art", component: "response-art", prompt: "Mal deinen Lieblingsort" },
    ],
  } as SurveyBlockData;
  const render = (language: "de" | "ar" | "en") =>
    renderToStaticMarkup(
      <SurveyLabelsProvider labels={surveyLabelsFor(language)}>
        <SurveyPreview blok={survey} />
      </SurveyLabelsProvider>,
    );

  test("German: the Response heading, the placeholder, the drawing tools and the note", () => {
    const text = visibleText(render("de"));
    expect(text).toContain("Antwort");
    expect(text).toContain("[Hier schreibt das Kind seine Antwort]");
    expect(text).toContain("In der Orliverse-App kann hier gezeichnet werden!");
    expect(text).not.toMatch(/Response|Student will type|Drawing will be enabled|Undo|Redo|Clear/);
    const html = render("de");
    expect(html).not.toMatch(/aria-label="(Brush size|Black|Drawing tools)/);
  });

  test("Arabic: no English word around the content", () => {
    const html = render("ar");
    expect(visibleText(html)).toContain("الإجابة");
    expect(visibleText(html)).toContain("سيكون الرسم متاحًا في تطبيق Orliverse!");
    // Outside the survey's own texts (German in this fixture) and the app's name.
    const ours = [
      "Der Start ins Schuljahr",
      "Erzähl uns",
      "Was hat dich froh gemacht?",
      "Mal deinen Lieblingsort",
      "Orliverse",
    ];
    let rest = visibleText(html);
    for (const text of ours) rest = rest.replaceAll(text, "");
    expect(rest).not.toMatch(/[A-Za-z]{3,}/);
    expect(html).not.toMatch(/aria-label="[^"]*[A-Za-z]{3,}/);
  });

  test("English: the specification's texts word for word", () => {
    const text = visibleText(render("en"));
    expect(text).toContain("Response");
    expect(text).toContain("[Student will type their answer here]");
    expect(text).toContain("Drawing will be enabled in the Orliverse app!");
  });
});
