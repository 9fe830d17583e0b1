import { describe, expect, test } from "vitest";
import { extractYouTubeId, youTubeEmbedUrl, youTubeWatchUrl } from "./video-id";

const ID = "dQw4w9WgXcQ";

describe("extractYouTubeId (docs/product.md#video-id-extraction)", () => {
  test.each([
    // watch?v={id}: the value after the equals sign
    ["https://www.youtube.com/watch?v=dQw4w9WgXcQ", ID],
    ["http://www.youtube.com/watch?v=dQw4w9WgXcQ", ID],
    ["https://youtube.com/watch?v=dQw4w9WgXcQ", ID],
    ["www.youtube.com/watch?v=dQw4w9WgXcQ", ID],
    ["youtube.com/watch?v=dQw4w9WgXcQ", ID],
    ["https://m.youtube.com/watch?v=dQw4w9WgXcQ", ID],
    ["https://www.youtube.com/watch?v=dQw4w9WgXcQ&t=42s", ID],
    ["https://www.youtube.com/watch?feature=share&v=dQw4w9WgXcQ", ID],
    // youtu.be/{id}: the segment after the slash, query dropped
    ["https://youtu.be/dQw4w9WgXcQ", ID],
    ["http://youtu.be/dQw4w9WgXcQ", ID],
    ["youtu.be/dQw4w9WgXcQ", ID],
    ["https://youtu.be/dQw4w9WgXcQ?si=Xy12&t=5", ID],
    // shorts/{id}: the third path segment, query dropped
    ["https://www.youtube.com/shorts/aqz-KE-bpKQ", "aqz-KE-bpKQ"],
    ["https://youtube.com/shorts/aqz-KE-bpKQ?feature=share", "aqz-KE-bpKQ"],
    // any other form is used as given, minus anything after a question mark
    [ID, ID],
    ["  dQw4w9WgXcQ  ", ID],
    ["dQw4w9WgXcQ?t=10", ID],
    // the player's own link, pasted from "Share → Embed"
    ["https://www.youtube.com/embed/dQw4w9WgXcQ", ID],
    ["https://www.youtube-nocookie.com/embed/dQw4w9WgXcQ?start=30", ID],
    // not a plausible id: still used as given (the specification), made safe by the player URL's encoding
    ["https://vimeo.com/76979871", "vimeo.com/76979871"],
    ['dQw4w9WgXcQ"><script>', 'dQw4w9WgXcQ"><script>'],
  ])("%s → %s", (link, expected) => {
    expect(extractYouTubeId(link)).toBe(expected);
  });

  test.each([
    [undefined],
    [null],
    [""],
    ["   "],
    ["https://"],
    ["https://youtu.be/"],
    ["https://www.youtube.com/watch?v="],
    ["https://www.youtube.com/watch?list=PL123"],
    ["https://www.youtube.com/shorts/"],
    ["https://www.youtube.com/embed/"],
    [".."],
  ])("no id can be extracted from %j", (link) => {
    expect(extractYouTubeId(link)).toBeNull();
  });
});

test("the player uses the privacy-enhanced host, the fallback the watch page", () => {
  expect(youTubeEmbedUrl(ID)).toBe("https://www.youtube-nocookie.com/embed/dQw4w9WgXcQ");
  expect(youTubeWatchUrl(ID)).toBe("https://www.youtube.com/watch?v=dQw4w9WgXcQ");
});

test("a link used as given stays one path segment of the player's host", () => {
  for (const given of ["vimeo.com/76979871", "../../evil.example/x", 'a"><script>', "javascript:alert(1)"]) {
    const url = new URL(youTubeEmbedUrl(given));
    expect(url.host).toBe("www.youtube-nocookie.com");
    expect(url.pathname.split("/")).toHaveLength(3);
  }
});
