package org.secmem.report.chart;

import java.awt.image.BufferedImage;
import java.io.IOException;
import java.nio.file.Path;
import java.util.Optional;
import java.util.function.Consumer;
import javax.imageio.ImageIO;
import org.apache.logging.log4j.LogManager;
import org.apache.logging.log4j.Logger;
import org.secmem.data.PartFile;

/**
 * Draws a chart as a PNG file: paints it onto an image with Java 2D and encodes it.
 *
 * <p>Java 2D draws text with the JDK's font libraries, which load native ones (FreeType, HarfBuzz,
 * fontconfig). A bare server may lack them: the first chart then failed with an {@code
 * UnsatisfiedLinkError} deep in AWT and the command ended with "internal error", although the SVG
 * charts, drawn as text, need none of it. {@link #tryWrite} turns that into a reason, and the
 * charts are written as SVG only.
 */
@FunctionalInterface
public interface Raster {

  Logger LOG = LogManager.getLogger(Raster.class);

  /** Java 2D and ImageIO. */
  Raster JAVA_2D =
      (png, width, height, paint) -> {
        ChartCanvas.Image image = new ChartCanvas.Image(width, height);
        paint.accept(image);
        BufferedImage picture = image.finish();
        PartFile.writeWhole(
            png,
            out -> {
              if (!ImageIO.write(picture, "png", out)) {
                throw new IOException(png + ": no PNG writer in this JVM");
              }
            });
      };

  /**
   * Paints a picture of {@code width} x {@code height} pixels with {@code paint} into {@code png}.
   */
  void write(Path png, int width, int height, Consumer<ChartCanvas> paint) throws IOException;

  /**
   * Writes the PNG, or says why this JVM cannot draw one (its graphics or font libraries failed to
   * load); nothing is left at {@code png} then.
   */
  default Optional<String> tryWrite(Path png, int width, int height, Consumer<ChartCanvas> paint)
      throws IOException {
    try {
      write(png, width, height, paint);
      return Optional.empty();
    } catch (VirtualMachineError e) {
      throw e; // out of memory and the like: not about drawing
    } catch (Error | RuntimeException e) {
      // LinkageError (a native library missing), AWTError, InternalError, and what a font
      // manager without fonts or fontconfig throws ("Probable fatal error: No fonts found", an
      // NPE in FontConfiguration). The same picture was just drawn as SVG by the same code, so
      // this is Java 2D's failure, not the chart's.
      LOG.warn("cannot draw {}: this JVM's graphics libraries failed; SVG only", png, e);
      String why = e.getMessage() == null ? e.getClass().getSimpleName() : e.getMessage();
      return Optional.of(why.strip().lines().findFirst().orElse(""));
    }
  }
}
