package org.secmem.results;

import java.nio.ByteBuffer;
import java.nio.CharBuffer;
import java.nio.charset.CharsetDecoder;
import java.nio.charset.CoderResult;
import java.nio.charset.CodingErrorAction;
import java.nio.charset.StandardCharsets;
import java.util.ArrayList;
import java.util.List;

/**
 * A results file's bytes as text, decoded strictly one line at a time: a line that is not UTF-8
 * text (a flipped bit, a line pasted in another encoding) is left empty in {@link #text()} and
 * named in {@link #notText()}, so that it costs only itself and every line keeps its number. Line
 * feeds are single bytes that no multi-byte character contains, so lines are found in the bytes.
 *
 * @param text the file's text, each line that is not UTF-8 left empty (its line feed kept)
 * @param notText the lines that are not UTF-8 text, in file order
 * @param firstContentLine the first line that holds more than spaces or a byte-order mark,
 *     undecodable ones included; 0 when there is none
 */
record Utf8Lines(String text, List<RowProblem> notText, long firstContentLine) {

  Utf8Lines {
    notText = List.copyOf(notText);
  }

  /** Decodes {@code bytes}, naming a line that is not UTF-8 text as {@code source:line}. */
  static Utf8Lines decode(String source, byte[] bytes) {
    CharsetDecoder decoder =
        StandardCharsets.UTF_8
            .newDecoder()
            .onMalformedInput(CodingErrorAction.REPORT)
            .onUnmappableCharacter(CodingErrorAction.REPORT);
    StringBuilder text = new StringBuilder(bytes.length);
    List<RowProblem> notText = new ArrayList<>();
    long firstContent = 0;
    long line = 1;
    for (int start = 0; ; line++) {
      int end = start;
      while (end < bytes.length && bytes[end] != '\n') {
        end++;
      }
      ByteBuffer in = ByteBuffer.wrap(bytes, start, end - start);
      CharBuffer out = CharBuffer.allocate(end - start); // UTF-8 never decodes to more chars
      decoder.reset();
      CoderResult result = decoder.decode(in, out, true);
      if (!result.isError()) {
        result = decoder.flush(out);
      }
      out.flip();
      if (result.isError()) {
        // The text before the bad byte decoded: the column counts its characters.
        int column = Character.codePointCount(out, 0, out.limit()) + 1;
        boolean unended = end == bytes.length;
        notText.add(
            new RowProblem(
                source,
                line,
                String.format(
                        "not UTF-8 text (byte 0x%02x at column %d)",
                        bytes[in.position()] & 0xff, column)
                    + (unended
                        ? ", and it is the last line, with no line break at its end: "
                            + RawResults.CUT_OFF
                        : "")));
        firstContent = firstContent == 0 ? line : firstContent;
      } else {
        firstContent = firstContent == 0 && hasContent(out) ? line : firstContent;
        text.append(out);
      }
      if (end == bytes.length) {
        break;
      }
      text.append('\n');
      start = end + 1;
    }
    return new Utf8Lines(text.toString(), notText, firstContent);
  }

  private static boolean hasContent(CharSequence line) {
    return !line.toString().replace(RawResults.BOM, "").isBlank();
  }
}
