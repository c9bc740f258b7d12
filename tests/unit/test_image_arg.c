/* harness/probe/image_arg.c and the `image` key of harness/probe/probe_load.c: an image
 * descriptor parses into its type, format, size and access and is written
 * back the same; the channel values load with the data type's element type
 * and their count is checked against the size and order; a write_only image
 * fixes the output's type and count; each malformed key is refused naming
 * its line and the problem. */
#define CL_TARGET_OPENCL_VERSION 120
#include <CL/cl.h>

#include "check.h"
#include "image_arg.h"
#include "probe.h"
#include "probe_load.h"
#include "probe_write.h"

#include <stdlib.h>
#include <string.h>

static void test_descriptor(void)
{
    clc_image img;
    char why[300], buf[160];
    CHECK(image_arg_parse("image2d_t CL_RGBA CL_UNORM_INT8 4x2", &img, why, sizeof why) == 0,
          "image_arg_parse_reads_a_2d_descriptor");
    CHECK(img.type == CLC_IMG_2D && img.order == CL_RGBA && img.dtype == CL_UNORM_INT8 && img.dims[0] == 4 &&
              img.dims[1] == 2 && img.dims[2] == 1 && img.access == CLC_IMG_READ_ONLY,
          "image_arg_parse_fills_type_format_size_and_read_only_access");
    CHECK(image_arg_elem_type(&img) == CLC_T_UCHAR && image_arg_channels(&img) == 4 && image_arg_elems(&img) == 32,
          "rgba_unorm_int8_4x2_holds_32_uchar_channel_values");
    CHECK(strcmp(image_arg_format(&img, buf, sizeof buf), "image2d_t CL_RGBA CL_UNORM_INT8 4x2 read_only") == 0,
          "image_arg_format_writes_the_descriptor_back: %s", buf);

    CHECK(image_arg_parse("image2d_array_t CL_R CL_HALF_FLOAT 2x3x4 write_only", &img, why, sizeof why) == 0 &&
              img.access == CLC_IMG_WRITE_ONLY && image_arg_elem_type(&img) == CLC_T_USHORT &&
              image_arg_elems(&img) == 24 && image_arg_ndims(&img) == 3,
          "a_half_2d_array_is_ushort_bits_with_the_array_size_third");
    int rw = image_arg_parse("image2d_t CL_RGBA CL_FLOAT 2x2 read_write", &img, why, sizeof why);
    CHECK(rw == 0 && img.access == CLC_IMG_READ_WRITE && strcmp(image_arg_access_qualifier(&img), "__read_write") == 0,
          "a_read_write_image_is_declared_read_write");
    CHECK(strcmp(image_arg_format(&img, buf, sizeof buf), "image2d_t CL_RGBA CL_FLOAT 2x2 read_write") == 0,
          "a_read_write_image_writes_its_access_back: %s", buf);
    int bad = image_arg_parse("image2d_t CL_RGBA CL_FLOAT 2x2 write_read", &img, why, sizeof why);
    CHECK(bad == -1 && strstr(why, "read_write") != NULL, "an_unknown_access_word_is_refused: %s", why);
    CHECK(image_arg_parse("image1d_buffer_t CL_BGRA CL_UNORM_INT8 7", &img, why, sizeof why) == 0 &&
              img.type == CLC_IMG_1D_BUFFER && img.order == CL_BGRA && image_arg_elems(&img) == 28,
          "a_1d_buffer_takes_one_size");
    CHECK(image_arg_parse("image3d_t CL_RGBA CL_FLOAT 2x2x2", &img, why, sizeof why) == 0 &&
              image_arg_elem_type(&img) == CLC_T_FLOAT,
          "a_float_3d_image_holds_floats");
    CHECK(image_arg_parse("image2d_t CL_RGB CL_UNORM_SHORT_565 3x1", &img, why, sizeof why) == 0 &&
              image_arg_elems(&img) == 3 && image_arg_elem_type(&img) == CLC_T_USHORT,
          "a_packed_type_holds_one_element_per_pixel");
}

static void test_descriptor_refused(void)
{
    static const struct {
        const char *name, *text, *why;
    } bad[] = {
        {"unknown_type", "image4d_t CL_RGBA CL_FLOAT 2", "'image4d_t' is not an image type"},
        {"unknown_order", "image2d_t CL_XYZ CL_FLOAT 2x2", "'CL_XYZ' is not a channel order"},
        {"unknown_dtype", "image2d_t CL_RGBA CL_DOUBLE 2x2", "'CL_DOUBLE' is not a channel data type"},
        {"too_few_sizes", "image3d_t CL_RGBA CL_FLOAT 2x2", "image3d_t takes 3 sizes"},
        {"too_many_sizes", "image1d_t CL_RGBA CL_FLOAT 2x2", "image1d_t takes 1 size"},
        {"zero_size", "image2d_t CL_RGBA CL_FLOAT 0x2", "takes 2 sizes"},
        {"bad_access", "image2d_t CL_RGBA CL_FLOAT 2x2 readwrite", "access 'readwrite'"},
        {"trailing_word", "image2d_t CL_RGBA CL_FLOAT 2x2 read_only more", "expected 'TYPE ORDER DTYPE"},
        {"missing_size", "image2d_t CL_RGBA CL_FLOAT", "expected 'TYPE ORDER DTYPE"},
    };
    for (size_t i = 0; i < sizeof bad / sizeof bad[0]; i++) {
        clc_image img;
        char why[300] = "";
        int rc = image_arg_parse(bad[i].text, &img, why, sizeof why);
        CHECK(rc == -1 && strstr(why, bad[i].why), "image_arg_parse_refuses_%s: %s", bad[i].name, why);
    }
}

/* Loads text; returns 0 and the set, or -1 with the errors in *errs. */
static int load(const char *text, clc_probe_set *set, char **errs)
{
    size_t len;
    FILE *err = open_memstream(errs, &len);
    memset(set, 0, sizeof *set);
    int rc = probe_load_text("img.probe", text, set, err);
    fclose(err);
    return rc;
}

static const char good[] = "[probe t.read]\nspec = s\nkind = run\n"
                           "image img = image2d_t CL_RGBA CL_SIGNED_INT16 1x2: -32768 1 2 3 4 5 6 32767\n"
                           "input k = int: 9\nout = int[1]\nexpect = 0\nbody = out[0] = 0;\n\n"
                           "[probe t.write]\nspec = s\nkind = run\n"
                           "image w = image1d_t CL_R CL_FLOAT 3 write_only: 1.5 -0 0x1p-3\n"
                           "out = float[3]\nexpect = 1 2 3\nbody = ;\n";

static void test_probe_keys(void)
{
    clc_probe_set set;
    char *errs = NULL;
    int rc = load(good, &set, &errs);
    CHECK(rc == 0 && set.count == 2, "image_keys_load");
    if (rc != 0 && errs)
        printf("#   %s\n", errs);
    free(errs);
    if (rc != 0 || set.count != 2)
        return;
    const clc_probe *r = &set.items[0], *w = &set.items[1];
    const clc_input *img = &r->inputs[0];
    CHECK(r->n_inputs == 2 && img->image && strcmp(img->name, "img") == 0 && img->type == CLC_T_SHORT &&
              img->count == 8 && ((short *)img->data)[0] == -32768 && ((short *)img->data)[7] == 32767,
          "an_image_loads_its_channel_values_as_the_element_type");
    CHECK(!r->inputs[1].image && strcmp(r->inputs[1].name, "k") == 0, "an_input_after_an_image_keeps_its_place");
    char decl[320];
    CHECK(strcmp(probe_param_decl(img, decl, sizeof decl), "__read_only image2d_t img") == 0,
          "a_read_only_image_is_declared_read_only: %s", decl);
    CHECK(strcmp(probe_param_decl(&w->inputs[0], decl, sizeof decl), "__write_only image1d_t w") == 0,
          "a_write_only_image_is_declared_write_only: %s", decl);
    CHECK(probe_readback_image(w) == &w->inputs[0] && probe_readback_image(r) == NULL,
          "the_write_only_image_is_the_one_read_back");

    /* probe_write and probe_clone keep the image. */
    char *text = NULL;
    size_t len = 0;
    FILE *f = open_memstream(&text, &len);
    probe_write(f, w);
    fclose(f);
    CHECK(text && strstr(text, "image w = image1d_t CL_R CL_FLOAT 3 write_only: 1.5 -0 0.125"),
          "probe_write_writes_the_image_key");
    clc_probe_set again;
    char *errs2 = NULL;
    /* CHECK evaluates its condition twice: calls with effects go before it. */
    int loaded = text ? load(text, &again, &errs2) : -1;
    CHECK(loaded == 0 && again.count == 1 && again.items[0].inputs[0].image &&
              again.items[0].inputs[0].image->access == CLC_IMG_WRITE_ONLY,
          "a_written_image_probe_loads_again");
    probe_set_free(&again);
    free(errs2);
    free(text);
    clc_probe copy;
    int cloned = probe_clone(w, &copy);
    CHECK(cloned == 0 && copy.inputs[0].image && copy.inputs[0].image != w->inputs[0].image &&
              copy.inputs[0].image->dims[0] == 3,
          "probe_clone_copies_the_image_descriptor");
    probe_free(&copy);
    probe_set_free(&set);
}

/* More than 8 values are written as a heredoc, 8 a line: it loads again. */
static void test_long_image_round_trip(void)
{
    char text[2048];
    int at = snprintf(text, sizeof text, "[probe t.long]\nspec = s\nkind = run\nimage i = <<END\n"
                      "image2d_t CL_RGBA CL_UNSIGNED_INT8 4x2:");
    for (int k = 0; k < 32; k++)
        at += snprintf(text + at, sizeof text - (size_t)at, " %d", k * 7);
    snprintf(text + at, sizeof text - (size_t)at, "\nEND\nout = int[1]\nexpect = 0\nbody = ;\n");
    clc_probe_set set, again;
    char *errs = NULL, *errs2 = NULL, *written = NULL;
    size_t len = 0;
    int rc = load(text, &set, &errs);
    CHECK(rc == 0 && set.count == 1 && set.items[0].inputs[0].count == 32, "a_heredoc_image_loads");
    if (rc == 0) {
        FILE *f = open_memstream(&written, &len);
        probe_write(f, &set.items[0]);
        fclose(f);
        int rc2 = load(written, &again, &errs2);
        CHECK(rc2 == 0 && again.count == 1 && again.items[0].inputs[0].count == 32 &&
                  memcmp(again.items[0].inputs[0].data, set.items[0].inputs[0].data, 32) == 0 &&
                  again.items[0].inputs[0].image->dims[1] == 2,
              "a_long_image_written_as_a_heredoc_loads_the_same");
        probe_set_free(&again);
    }
    probe_set_free(&set);
    free(errs);
    free(errs2);
    free(written);
}

static void test_probe_keys_refused(void)
{
    static const struct {
        const char *name, *text, *why;
    } bad[] = {
        {"count", "image i = image2d_t CL_RGBA CL_UNORM_INT8 2x1: 1 2 3\nout = int[1]\nexpect = 0\n",
         "img.probe:4: image i: 3 values where its size and order need 8"},
        {"value_range", "image i = image1d_t CL_R CL_UNORM_INT8 1: 256\nout = int[1]\nexpect = 0\n",
         "img.probe:4: image i:"},
        {"no_colon", "image i = image1d_t CL_R CL_UNORM_INT8 1\nout = int[1]\nexpect = 0\n",
         "img.probe:4: image i: expected 'TYPE ORDER DTYPE WxHxD [access]: values'"},
        {"descriptor", "image i = image1d_t CL_R CL_UNORM_INT9 1: 0\nout = int[1]\nexpect = 0\n",
         "img.probe:4: image i: 'CL_UNORM_INT9'"},
        {"readback_type", "image i = image1d_t CL_R CL_UNORM_INT8 2 write_only: 0 0\nout = int[2]\nexpect = 0 0\n",
         "img.probe:1: probe t.bad: its write_only image is read back as the output: out must be uchar[2]"},
        {"two_readbacks",
         "image i = image1d_t CL_R CL_UNORM_INT8 1 write_only: 0\nimage j = image1d_t CL_R CL_UNORM_INT8 1 "
         "write_only: 0\nout = uchar[1]\nexpect = 0\n",
         "more than one write_only image"},
        {"name_clash", "image i = image1d_t CL_R CL_UNORM_INT8 1: 0\ninput i = int: 1\nout = int[1]\nexpect = 0\n",
         "a second parameter named 'i'"},
    };
    for (size_t k = 0; k < sizeof bad / sizeof bad[0]; k++) {
        char text[1024], *errs = NULL;
        snprintf(text, sizeof text, "[probe t.bad]\nspec = s\nkind = run\n%sbody = ;\n", bad[k].text);
        clc_probe_set set;
        int rc = load(text, &set, &errs);
        CHECK(rc != 0 && errs && strstr(errs, bad[k].why), "an_image_key_is_refused_for_%s", bad[k].name);
        if (!(errs && strstr(errs, bad[k].why)))
            printf("#   errors: %s\n", errs ? errs : "(none)");
        probe_set_free(&set);
        free(errs);
    }
}

int main(void)
{
    test_descriptor();
    test_descriptor_refused();
    test_probe_keys();
    test_long_image_round_trip();
    test_probe_keys_refused();
    return check_done();
}
