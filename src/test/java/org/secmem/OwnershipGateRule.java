package org.secmem;

import static com.tngtech.archunit.lang.syntax.ArchRuleDefinition.noClasses;

import com.tngtech.archunit.base.DescribedPredicate;
import com.tngtech.archunit.core.domain.JavaConstructorCall;
import com.tngtech.archunit.core.domain.JavaFieldAccess;
import com.tngtech.archunit.core.domain.JavaMethodCall;
import com.tngtech.archunit.lang.ArchRule;
import java.util.Set;

/**
 * The ownership gate as an architecture rule, for the core's {@code ArchitectureTest} and the Spark
 * module's alike: outside {@code org.secmem.fs}, no class deletes, moves, copies over, truncates or
 * creates-or-truncates a file itself.
 */
public final class OwnershipGateRule {

  private OwnershipGateRule() {}

  /**
   * One ownership rule at every write and delete ({@link org.secmem.fs.Ownership}): outside {@code
   * fs} nothing deletes, moves, truncates, creates-or-truncates or opens a file for writing by
   * itself; each such step goes through the gate, which says why it may (secmem made and marked the
   * file, it is this process's fresh temporary, a file of a work folder it holds, a kernel's
   * control file).
   */
  public static ArchRule rule() {
    return noClasses()
        .that()
        .resideOutsideOfPackage("org.secmem.fs..")
        .should()
        .callMethodWhere(FILE_CHANGES)
        .orShould()
        .callConstructorWhere(FILE_OPENERS)
        .orShould()
        .accessFieldWhere(REPLACING_OPTIONS)
        .because("a file or folder is secmem's to change only as org.secmem.fs.Ownership says");
  }

  /** Methods that delete, move, copy over or write a file from its start. */
  private static final DescribedPredicate<JavaMethodCall> FILE_CHANGES =
      new DescribedPredicate<>("a call that deletes, moves or overwrites a file") {
        @Override
        public boolean test(JavaMethodCall call) {
          String owner = call.getTargetOwner().getFullName();
          String name = call.getName();
          return switch (owner) {
            case "java.nio.file.Files" ->
                Set.of(
                        "delete",
                        "deleteIfExists",
                        "move",
                        "copy",
                        "write",
                        "writeString",
                        "newOutputStream",
                        "newBufferedWriter")
                    .contains(name);
            case "java.io.File" -> Set.of("delete", "deleteOnExit", "renameTo").contains(name);
            case "org.apache.commons.io.FileUtils" ->
                name.startsWith("delete")
                    || name.startsWith("forceDelete")
                    || name.startsWith("write")
                    || name.startsWith("copy")
                    || name.startsWith("move")
                    || name.startsWith("clean")
                    || name.startsWith("touch");
            case "org.secmem.fs.SecureFolder" ->
                Set.of("deleteFile", "deleteEmptyFolder").contains(name);
            default -> false;
          };
        }
      };

  /**
   * Constructors that open a file for writing (creating or truncating it); a stream on a descriptor
   * already open opens nothing.
   */
  private static final DescribedPredicate<JavaConstructorCall> FILE_OPENERS =
      new DescribedPredicate<>("a constructor that opens a file for writing") {
        @Override
        public boolean test(JavaConstructorCall call) {
          boolean onDescriptor =
              call.getTarget().getRawParameterTypes().stream()
                  .anyMatch(t -> t.getFullName().equals("java.io.FileDescriptor"));
          return !onDescriptor
              && Set.of(
                      "java.io.FileOutputStream", "java.io.FileWriter", "java.io.RandomAccessFile")
                  .contains(call.getTargetOwner().getFullName());
        }
      };

  /** The options that create or truncate on open, or rename over a file. */
  private static final DescribedPredicate<JavaFieldAccess> REPLACING_OPTIONS =
      new DescribedPredicate<>("CREATE, TRUNCATE_EXISTING or REPLACE_EXISTING") {
        @Override
        public boolean test(JavaFieldAccess access) {
          String owner = access.getTargetOwner().getFullName();
          String name = access.getName();
          return owner.equals("java.nio.file.StandardOpenOption")
                  && (name.equals("CREATE") || name.equals("TRUNCATE_EXISTING"))
              || owner.equals("java.nio.file.StandardCopyOption")
                  && name.equals("REPLACE_EXISTING");
        }
      };
}
