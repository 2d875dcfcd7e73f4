/**
 * The Apache Spark sort engine ({@code secmem sort --engine spark}): {@link
 * org.secmem.spark.SparkSortEngine} sorts a file of big-endian ints with Spark SQL (a Dataset of
 * ints, range-partitioned and sorted), each range written by its task to a part file and the parts
 * joined in order into the output. It runs in this JVM ({@code local[N]}) or on a standalone
 * cluster ({@code spark://host:port}, the files on storage every node sees); YARN and Kubernetes
 * through {@code spark-submit} with {@code spark/target/secmem-spark-submit.jar}.
 */
package org.secmem.spark;
