// Sorts a file of N big-endian 32-bit ints with STXXL's stxxl::sort in M bytes of memory, for
// scripts/bench-sort: stxxl_sort IN OUT M_BYTES DISK_FILE DISK_BYTES. Reads IN into an
// stxxl::vector (off the clock: STXXL's sorter works on its own external vector), sorts it on the
// clock, checks the order and writes OUT (off the clock), and prints the sort's milliseconds.
// The disk is a "syscall" file (read/write system calls through the page cache, as secmem's
// streams), removed at the end.
#include <stxxl/io>
#include <stxxl/sort>
#include <stxxl/vector>

#include <arpa/inet.h>
#include <chrono>
#include <cstdint>
#include <cstdio>
#include <cstdlib>
#include <limits>
#include <vector>

struct IntLess {
  bool operator()(int32_t a, int32_t b) const { return a < b; }
  int32_t min_value() const { return std::numeric_limits<int32_t>::min(); }
  int32_t max_value() const { return std::numeric_limits<int32_t>::max(); }
};

int main(int argc, char** argv) {
  if (argc != 6) {
    std::fprintf(stderr, "usage: %s IN OUT M_BYTES DISK_FILE DISK_BYTES\n", argv[0]);
    return 2;
  }
  const char* in = argv[1];
  const char* out = argv[2];
  const uint64_t memory = std::strtoull(argv[3], nullptr, 10);
  stxxl::config* cfg = stxxl::config::get_instance();
  stxxl::disk_config disk(argv[4], std::strtoull(argv[5], nullptr, 10), "syscall unlink");
  disk.autogrow = true;
  cfg->add_disk(disk);

  typedef stxxl::VECTOR_GENERATOR<int32_t>::result vector_type;
  vector_type v;
  std::FILE* f = std::fopen(in, "rb");
  if (!f) {
    std::perror(in);
    return 1;
  }
  std::vector<uint32_t> buf(1 << 20);
  size_t got;
  while ((got = std::fread(buf.data(), 4, buf.size(), f)) > 0) {
    for (size_t i = 0; i < got; i++) v.push_back(static_cast<int32_t>(ntohl(buf[i])));
  }
  std::fclose(f);

  auto t0 = std::chrono::steady_clock::now();
  stxxl::sort(v.begin(), v.end(), IntLess(), memory);
  auto t1 = std::chrono::steady_clock::now();

  std::FILE* o = std::fopen(out, "wb");
  if (!o) {
    std::perror(out);
    return 1;
  }
  int32_t prev = std::numeric_limits<int32_t>::min();
  size_t k = 0;
  vector_type::bufreader_type reader(v);
  for (; !reader.empty(); ++reader) {
    int32_t x = *reader;
    if (x < prev) {
      std::fprintf(stderr, "not sorted at %zu\n", k);
      return 1;
    }
    prev = x;
    buf[k++] = htonl(static_cast<uint32_t>(x));
    if (k == buf.size()) {
      std::fwrite(buf.data(), 4, k, o);
      k = 0;
    }
  }
  std::fwrite(buf.data(), 4, k, o);
  std::fclose(o);
  std::printf("%lld\n",
              static_cast<long long>(
                  std::chrono::duration_cast<std::chrono::milliseconds>(t1 - t0).count()));
  return 0;
}
