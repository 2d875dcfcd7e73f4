package org.secmem.peers;

import com.github.davidmoten.bigsorter.DataSerializer;
import com.github.davidmoten.bigsorter.Serializer;
import com.github.davidmoten.bigsorter.Sorter;
import java.io.DataInputStream;
import java.io.DataOutputStream;
import java.io.EOFException;
import java.io.File;
import java.io.IOException;

/**
 * Sorts a file of big-endian ints with davidmoten's big-sorter, for comparison with secmem: {@code
 * java -jar peers.jar IN OUT M D} (M ints per in-memory segment, D files per merge). Prints the
 * elapsed milliseconds.
 */
public final class BigSorterPeer {

  private BigSorterPeer() {}

  public static void main(String[] args) throws IOException {
    File in = new File(args[0]);
    File out = new File(args[1]);
    int m = Integer.parseInt(args[2]);
    int d = Integer.parseInt(args[3]);
    Serializer<Integer> ints =
        new DataSerializer<Integer>() {
          @Override
          public Integer read(DataInputStream dis) throws IOException {
            try {
              return dis.readInt();
            } catch (EOFException e) {
              return null;
            }
          }

          @Override
          public void write(DataOutputStream dos, Integer v) throws IOException {
            dos.writeInt(v);
          }
        };
    long start = System.nanoTime();
    Sorter.serializer(ints)
        .comparator(Integer::compare)
        .input(in)
        .output(out)
        .maxItemsPerFile(m)
        .maxFilesPerMerge(d)
        .sort();
    System.out.println((System.nanoTime() - start) / 1_000_000);
  }
}
