/* float32 fused multiply-add chains for core/ops/gemm.py (loaded by core/ops/native.py).
 *
 * acc[i][j] = fma(a[i][p], b[p][j], acc[i][j]) for p = 0, 1, ..., k-1 in order: each step rounded
 * once to float32, the order MKL's sgemm sums a block of products in (core/ops/gemm.py).  Every
 * version computes exactly that chain for every element; they differ only in how many elements
 * they carry at once: AVX-512F (up to 8 x 16 elements of two rows held in registers along the whole
 * chain), AVX2+FMA (6 x 8 of two rows), and C99's fmaf, picked by the CPU at run time (fma_chain_level).
 * a is m x k with any strides (a[i][p] is a[i * sa0 + p * sa1]); b (k x n) and acc (m x n) are
 * row-major and contiguous.  Also one fused multiply-add per
 * element of three vectors (fma_f32). */
#include <math.h>
#include <stddef.h>
#include <stdlib.h>
#include <string.h>

#if defined(__x86_64__) && (defined(__GNUC__) || defined(__clang__))
#include <immintrin.h>
#define FMA_CHAIN_X86 1
#endif

static void chain_plain(const float *a, long sa0, long sa1, const float *b, float *acc, long m, long k, long n)
{
    for (long i = 0; i < m; i++) {
        float *row = acc + i * n;
        for (long p = 0; p < k; p++) {
            const float x = a[i * sa0 + p * sa1];
            const float *brow = b + p * n;
            for (long j = 0; j < n; j++)
                row[j] = fmaf(x, brow[j], row[j]);
        }
    }
}

#ifdef FMA_CHAIN_X86

#define SLICE_FLOATS 6144        /* a slice of b along k: about 24 KB, in the L1 cache */

/* Rows i and (when R is 2) i + 1, columns [j0, j0 + 16 * NV) (the last vector masked to what is
 * left): the whole chain along k with the sums in registers (named ones: the compiler keeps an
 * array of vectors in memory), each b vector loaded once for both rows.  R and NV are constants
 * at every call, so only the vectors in use remain. */
#define FOR8(X) X(0) X(1) X(2) X(3) X(4) X(5) X(6) X(7)
#define MASK512(v) ((v) == NV - 1 ? last : (__mmask16)0xFFFF)
#define LOAD512(v)                                                                                    \
    if (NV > v) {                                                                                     \
        s##v = _mm512_maskz_loadu_ps(MASK512(v), row0 + 16 * v);                                      \
        if (R > 1)                                                                                    \
            t##v = _mm512_maskz_loadu_ps(MASK512(v), row1 + 16 * v);                                  \
    }
#define STEP512(v)                                                                                    \
    if (NV > v) {                                                                                     \
        __m512 bv = _mm512_maskz_loadu_ps(MASK512(v), brow + 16 * v);                                 \
        __asm__("" : "+v"(bv)); /* one load for both rows: kept from being folded into each FMA */    \
        s##v = _mm512_fmadd_ps(x0, bv, s##v);                                                         \
        if (R > 1)                                                                                    \
            t##v = _mm512_fmadd_ps(x1, bv, t##v);                                                     \
    }
#define STORE512(v)                                                                                   \
    if (NV > v) {                                                                                     \
        _mm512_mask_storeu_ps(row0 + 16 * v, MASK512(v), s##v);                                       \
        if (R > 1)                                                                                    \
            _mm512_mask_storeu_ps(row1 + 16 * v, MASK512(v), t##v);                                   \
    }

__attribute__((target("avx512f,avx2,fma"), always_inline))
static inline void block512(const int R, const int NV, const float *a, long sa0, long sa1, const float *b,
                            float *acc, long i, long k, long n, long j0, __mmask16 last)
{
    const __m512 zero = _mm512_setzero_ps();
    __m512 s0 = zero, s1 = zero, s2 = zero, s3 = zero, s4 = zero, s5 = zero, s6 = zero, s7 = zero;
    __m512 t0 = zero, t1 = zero, t2 = zero, t3 = zero, t4 = zero, t5 = zero, t6 = zero, t7 = zero;
    float *row0 = acc + i * n + j0, *row1 = row0 + n;
    FOR8(LOAD512)
    for (long p = 0; p < k; p++) {
        const float *brow = b + p * n + j0;
        const __m512 x0 = _mm512_set1_ps(a[i * sa0 + p * sa1]);
        const __m512 x1 = R > 1 ? _mm512_set1_ps(a[(i + 1) * sa0 + p * sa1]) : zero;
        FOR8(STEP512)
    }
    FOR8(STORE512)
}

#define CASES512(R)                                                                                   \
    switch (nv) {                                                                                     \
    case 1: block512(R, 1, as, sa0, sa1, bs, acc, i, steps, n, j0, last); break;                      \
    case 2: block512(R, 2, as, sa0, sa1, bs, acc, i, steps, n, j0, last); break;                      \
    case 3: block512(R, 3, as, sa0, sa1, bs, acc, i, steps, n, j0, last); break;                      \
    case 4: block512(R, 4, as, sa0, sa1, bs, acc, i, steps, n, j0, last); break;                      \
    case 5: block512(R, 5, as, sa0, sa1, bs, acc, i, steps, n, j0, last); break;                      \
    case 6: block512(R, 6, as, sa0, sa1, bs, acc, i, steps, n, j0, last); break;                      \
    case 7: block512(R, 7, as, sa0, sa1, bs, acc, i, steps, n, j0, last); break;                      \
    default: block512(R, 8, as, sa0, sa1, bs, acc, i, steps, n, j0, last); break;                     \
    }

__attribute__((target("avx512f,avx2,fma")))
static void chain_avx512(const float *a, long sa0, long sa1, const float *b, float *acc, long m, long k, long n)
{
    for (long j0 = 0; j0 < n; j0 += 128) {
        const long cols = n - j0 < 128 ? n - j0 : 128;
        const int nv = (int)((cols + 15) / 16);
        const int tail = (int)(cols - 16 * (nv - 1));
        const __mmask16 last = (__mmask16)(tail == 16 ? 0xFFFF : (1u << tail) - 1);
        /* k in slices whose rows of b stay in the L1 cache (about 24 KB) while every row of a passes
         * over them; each element's chain still runs along k in order, slice after slice */
        const long kb = SLICE_FLOATS / cols;
        for (long p0 = 0; p0 < k; p0 += kb) {
            const long steps = k - p0 < kb ? k - p0 : kb;
            const float *as = a + p0 * sa1, *bs = b + p0 * n;
            long i = 0;
            for (; i + 2 <= m; i += 2)
                CASES512(2)
            for (; i < m; i++)
                CASES512(1)
        }
    }
}

/* The same with eight lanes: AVX2 has 16 vector registers, so two rows of up to 6 vectors (48
 * columns) each; its masked loads and stores take the mask as a vector. */
#define FOR6(X) X(0) X(1) X(2) X(3) X(4) X(5)
/* whole vectors load and store plainly: a masked move is slower on some CPUs even with every lane on */
#define LD256(p, v) ((v) == NV - 1 ? _mm256_maskload_ps((p), last) : _mm256_loadu_ps(p))
#define ST256(p, v, x)                                                                                \
    do {                                                                                              \
        if ((v) == NV - 1)                                                                            \
            _mm256_maskstore_ps((p), last, (x));                                                      \
        else                                                                                          \
            _mm256_storeu_ps((p), (x));                                                               \
    } while (0)
#define LOAD256(v)                                                                                    \
    if (NV > v) {                                                                                     \
        s##v = LD256(row0 + 8 * v, v);                                                                \
        if (R > 1)                                                                                    \
            t##v = LD256(row1 + 8 * v, v);                                                            \
    }
#define STEP256(v)                                                                                    \
    if (NV > v) {                                                                                     \
        __m256 bv = LD256(brow + 8 * v, v);                                                           \
        __asm__("" : "+x"(bv));                                                                       \
        s##v = _mm256_fmadd_ps(x0, bv, s##v);                                                         \
        if (R > 1)                                                                                    \
            t##v = _mm256_fmadd_ps(x1, bv, t##v);                                                     \
    }
#define STORE256(v)                                                                                   \
    if (NV > v) {                                                                                     \
        ST256(row0 + 8 * v, v, s##v);                                                                 \
        if (R > 1)                                                                                    \
            ST256(row1 + 8 * v, v, t##v);                                                             \
    }

__attribute__((target("avx2,fma"), always_inline))
static inline void block256(const int R, const int NV, const float *a, long sa0, long sa1, const float *b,
                            float *acc, long i, long k, long n, long j0, __m256i last)
{
    const __m256 zero = _mm256_setzero_ps();
    __m256 s0 = zero, s1 = zero, s2 = zero, s3 = zero, s4 = zero, s5 = zero;
    __m256 t0 = zero, t1 = zero, t2 = zero, t3 = zero, t4 = zero, t5 = zero;
    float *row0 = acc + i * n + j0, *row1 = row0 + n;
    FOR6(LOAD256)
    for (long p = 0; p < k; p++) {
        const float *brow = b + p * n + j0;
        const __m256 x0 = _mm256_set1_ps(a[i * sa0 + p * sa1]);
        const __m256 x1 = R > 1 ? _mm256_set1_ps(a[(i + 1) * sa0 + p * sa1]) : zero;
        FOR6(STEP256)
    }
    FOR6(STORE256)
}

#define CASES256(R)                                                                                   \
    switch (nv) {                                                                                     \
    case 1: block256(R, 1, as, sa0, sa1, bs, acc, i, steps, n, j0, last); break;                      \
    case 2: block256(R, 2, as, sa0, sa1, bs, acc, i, steps, n, j0, last); break;                      \
    case 3: block256(R, 3, as, sa0, sa1, bs, acc, i, steps, n, j0, last); break;                      \
    case 4: block256(R, 4, as, sa0, sa1, bs, acc, i, steps, n, j0, last); break;                      \
    case 5: block256(R, 5, as, sa0, sa1, bs, acc, i, steps, n, j0, last); break;                      \
    default: block256(R, 6, as, sa0, sa1, bs, acc, i, steps, n, j0, last); break;                     \
    }

__attribute__((target("avx2,fma")))
static void chain_avx2(const float *a, long sa0, long sa1, const float *b, float *acc, long m, long k, long n)
{
    for (long j0 = 0; j0 < n; j0 += 48) {
        const long cols = n - j0 < 48 ? n - j0 : 48;
        const int nv = (int)((cols + 7) / 8);
        const int tail = (int)(cols - 8 * (nv - 1));
        const __m256i lanes = _mm256_setr_epi32(0, 1, 2, 3, 4, 5, 6, 7);
        const __m256i last = _mm256_cmpgt_epi32(_mm256_set1_epi32(tail), lanes);
        const long kb = SLICE_FLOATS / cols;
        for (long p0 = 0; p0 < k; p0 += kb) {
            const long steps = k - p0 < kb ? k - p0 : kb;
            const float *as = a + p0 * sa1, *bs = b + p0 * n;
            long i = 0;
            for (; i + 2 <= m; i += 2)
                CASES256(2)
            for (; i < m; i++)
                CASES256(1)
        }
    }
}
#endif

/* out[i] = fma(a[i], b[i], c[i]) for i < n, one rounding each (core/ops/vecmath.py's fma); an
 * operand's stride is 1 or 0 (one number for every i). */
static void fma_plain(const float *a, long sa, const float *b, long sb, const float *c, long sc, float *out, long n)
{
    for (long i = 0; i < n; i++)
        out[i] = fmaf(a[i * sa], b[i * sb], c[i * sc]);
}

#ifdef FMA_CHAIN_X86
__attribute__((target("avx2,fma")))
static void fma_avx2(const float *a, long sa, const float *b, long sb, const float *c, long sc, float *out, long n)
{
    if (sa == 1 && sb == 1 && sc == 1) {
        long i = 0;
        for (; i + 8 <= n; i += 8)
            _mm256_storeu_ps(out + i, _mm256_fmadd_ps(_mm256_loadu_ps(a + i), _mm256_loadu_ps(b + i),
                                                      _mm256_loadu_ps(c + i)));
        for (; i < n; i++)
            out[i] = fmaf(a[i], b[i], c[i]);
        return;
    }
    for (long i = 0; i < n; i++)
        out[i] = fmaf(a[i * sa], b[i * sb], c[i * sc]);
}
#endif

void fma_f32(const float *a, long sa, const float *b, long sb, const float *c, long sc, float *out, long n, int level)
{
#ifdef FMA_CHAIN_X86
    if (level >= 2) {
        fma_avx2(a, sa, b, sb, c, sc, out, n);
        return;
    }
#endif
    fma_plain(a, sa, b, sb, c, sc, out, n);
}

/* Which version runs: 3 AVX-512F, 2 AVX2+FMA, 1 fmaf. */
int fma_chain_level(void)
{
#ifdef FMA_CHAIN_X86
    __builtin_cpu_init();
    if (__builtin_cpu_supports("avx512f") && __builtin_cpu_supports("avx2") && __builtin_cpu_supports("fma"))
        return 3;
    if (__builtin_cpu_supports("avx2") && __builtin_cpu_supports("fma"))
        return 2;
#endif
    return 1;
}

void fma_chain_f32(const float *a, long sa0, long sa1, const float *b, float *acc, long m, long k, long n, int level)
{
#ifdef FMA_CHAIN_X86
    if (level >= 3) {
        chain_avx512(a, sa0, sa1, b, acc, m, k, n);
        return;
    }
    if (level == 2) {
        chain_avx2(a, sa0, sa1, b, acc, m, k, n);
        return;
    }
#endif
    chain_plain(a, sa0, sa1, b, acc, m, k, n);
}

/* A whole product in MKL's blocks along k (core/ops/gemm.py's k_blocks): each block's chain from
 * zero, added to what the blocks before it left in out, in order (float32 additions).  With
 * from_out, out holds the bias the first block is added to (addmm); else the first block's chain
 * is out.  Returns 0, or -1 when the m x n floats it needs beside out could not be had. */
int fma_gemm_f32(const float *a, long sa0, long sa1, const float *b, float *out, long m, long k, long n,
                 const long *blocks, long nblocks, int from_out, int level)
{
    long start = 0;
    float *scratch = NULL;
    (void)k;
    if (from_out || nblocks > 1) {
        scratch = malloc((size_t)(m * n) * sizeof(float) + 1);
        if (scratch == NULL)
            return -1;
    }
    for (long q = 0; q < nblocks; q++) {
        float *dst = (q == 0 && !from_out) ? out : scratch;
        memset(dst, 0, (size_t)(m * n) * sizeof(float));
        fma_chain_f32(a + start * sa1, sa0, sa1, b + start * n, dst, m, blocks[q], n, level);
        if (dst == scratch)
            for (long i = 0; i < m * n; i++)
                out[i] = out[i] + scratch[i];
        start += blocks[q];
    }
    free(scratch);
    return 0;
}

/* ---- PyTorch's CPU summation order (core/ops/summation.py's kernels, one column at a time) ----
 * Plain float32 additions in the order summation.py documents; x[i] is x[i * s]. */

static float seq_sum(const float *x, long n, long s)
{
    if (n == 0)
        return 0.0f;
    float acc = x[0];
    for (long i = 1; i < n; i++)
        acc = acc + x[i * s];
    return acc;
}

static long ceil_log2(long n)
{
    if (n <= 2)
        return 1;
    long bits = 0;
    for (unsigned long v = (unsigned long)(n - 1); v; v >>= 1)
        bits++;
    return bits;
}

#define SUM_LEVELS 4
#define SUM_MIN_LEVEL_POWER 4

/* summation.py's _multi_row_sum of one column; scratch: at least n / 16 + 1 floats */
static float multi_row(const float *x, long n, long s, float *scratch)
{
    long power = ceil_log2(n) / SUM_LEVELS;
    const long step = 1L << (power > SUM_MIN_LEVEL_POWER ? power : SUM_MIN_LEVEL_POWER);
    const long full = n / step;
    if (full == 0)
        return seq_sum(x, n, s);
    float parts[SUM_LEVELS + 1];
    int nparts = 0;
    if (n - full * step)
        parts[nparts++] = seq_sum(x + full * step * s, n - full * step, s);
    float *level = scratch;
    long count = full;
    for (long r = 0; r < full; r++)
        level[r] = seq_sum(x + r * step * s, step, s);
    for (int l = 0; l < SUM_LEVELS - 2; l++) {
        const long runs = count / step;
        if (count - runs * step)
            parts[nparts++] = seq_sum(level + runs * step, count - runs * step, 1);
        if (runs == 0) {
            count = 0;
            break;
        }
        for (long r = 0; r < runs; r++)       /* in place: run r reads level[r*step ..] >= r */
            level[r] = seq_sum(level + r * step, step, 1);
        count = runs;
    }
    if (count)
        parts[nparts++] = seq_sum(level, count, 1);
    float total = parts[0];
    for (int p = 1; p < nparts; p++)
        total = total + parts[p];
    return total;
}

/* summation.py's _row_sum: four interleaved cascades, the leftovers added to the first */
static float row_sum(const float *x, long n, long s, float *scratch)
{
    const long q = n / 4;
    if (q == 0)
        return seq_sum(x, n, s);
    float lanes[4];
    for (int l = 0; l < 4; l++)
        lanes[l] = multi_row(x + l * s, q, 4 * s, scratch);
    float acc = lanes[0];
    for (long i = 4 * q; i < n; i++)
        acc = acc + x[i * s];
    return ((acc + lanes[1]) + lanes[2]) + lanes[3];
}

/* summation.py's _vector_inner_sum: row_sum per lane over whole vectors, then the leftovers and
 * the lanes in order */
static float vector_inner(const float *x, long n, long s, long lanes, float *scratch)
{
    const long nvec = n / lanes;
    float lane_sums[16];
    for (long l = 0; l < lanes; l++)
        lane_sums[l] = row_sum(x + l * s, nvec, lanes * s, scratch);
    long i = nvec * lanes;
    float acc;
    if (i < n) {
        acc = x[i * s];
        for (i++; i < n; i++)
            acc = acc + x[i * s];
        for (long l = 0; l < lanes; l++)
            acc = acc + lane_sums[l];
    } else {
        acc = lane_sums[0];
        for (long l = 1; l < lanes; l++)
            acc = acc + lane_sums[l];
    }
    return acc;
}

/* One 2-D call of summation.py's _column_sums over n_outer blocks: out[o][j] is the sum of column
 * j (size0 elements, stride s0) of block o.  lanes > 0: the vector-inner kernel with that many
 * lanes; else columns below cascade_cols by the cascade, the others by row_sum.  Strides in
 * elements; scratch: size0 / 16 + 1 floats. */
void column_sums_f32(const float *x, long n_outer, long s_outer, long size1, long s1, long size0, long s0,
                     long lanes, long cascade_cols, float *scratch, float *out)
{
    for (long o = 0; o < n_outer; o++)
        for (long j = 0; j < size1; j++) {
            const float *col = x + o * s_outer + j * s1;
            float v;
            if (lanes > 0)
                v = vector_inner(col, size0, s0, lanes, scratch);
            else if (j < cascade_cols)
                v = multi_row(col, size0, s0, scratch);
            else
                v = row_sum(col, size0, s0, scratch);
            out[o * size1 + j] = v;
        }
}
