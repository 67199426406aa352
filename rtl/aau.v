// aau: address allocation unit (LTRF paper Sec. 4.2, Fig. 8). Contract identical to
// cmodel/aau.h: `unused` is a FIFO of free ids (0..Entries-1 in order after reset),
// `occupied` a bit-vector; alloc takes the head, a release of an occupied id goes to the tail,
// rel_all restores the reset state and overrides both.
// Build-time fault variants for harness self-tests: FAULT_AAU_REL_UNCHECKED (a release of an
// id that is not occupied is accepted), FAULT_AAU_RELALL_KEEPS_OCC (rel_all leaves the occupied
// bits set), FAULT_AAU_SAME_CYCLE (a release in the same cycle as an alloc is lost).
// Proof-only fault variants (make formal): FORMAL_FAULT_AAU_ALLOC_EMPTY (an alloc is taken from
// an empty FIFO), FORMAL_FAULT_AAU_TAIL_OFF_BY_ONE (a release lands one slot past the tail),
// FORMAL_FAULT_AAU_HEAD_NO_WRAP (the head does not wrap at Entries), FORMAL_FAULT_AAU_RESET_COUNT
// (reset counts one free id too few), FORMAL_FAULT_AAU_RELALL_KEEPS_FIFO (rel_all leaves the
// FIFO's slots), FORMAL_FAULT_AAU_COUNT_NO_GIVE (a release is not counted),
// FORMAL_FAULT_AAU_OCC_WRONG_ID (an alloc marks the head's slot number, not its id occupied),
// FORMAL_FAULT_AAU_OCC_NOT_SET (an alloc marks nothing occupied).
// Property (`ifdef FORMAL, make formal): free and occupied partition the ids: every id is
// either occupied or held exactly once in the free FIFO's window (head .. head+count-1), and
// the window holds only ids.
module aau #(
    parameter Entries = 16
) (
    input  wire                  clk_i,
    input  wire                  rst_ni,
    input  wire                  alloc_i,
    input  wire                  rel_valid_i,
    input  wire [IdBits-1:0]     rel_id_i,
    input  wire                  rel_all_i,
    output wire                  avail_o,
    output wire [IdBits-1:0]     head_o,
    output wire [CountBits-1:0]  free_count_o,
    output wire [Entries-1:0]    occupied_o
);
  localparam IdBits    = (Entries > 1) ? $clog2(Entries) : 1;
  localparam CountBits = $clog2(Entries + 1);
  localparam SumBits   = CountBits + 1;
  localparam integer LastI = Entries - 1;
  localparam [SumBits-1:0] EntriesS = Entries[SumBits-1:0];
  localparam [IdBits-1:0] Last = LastI[IdBits-1:0];

  reg [IdBits-1:0]    fifo_q [0:Entries-1];
  reg [IdBits-1:0]    head_q;
  reg [CountBits-1:0] count_q;
  reg [Entries-1:0]   occ_q;

  assign avail_o      = count_q != {CountBits{1'b0}};
  assign head_o       = fifo_q[head_q];
  assign free_count_o = count_q;
  assign occupied_o   = occ_q;

`ifdef FORMAL_FAULT_AAU_ALLOC_EMPTY
  wire take = alloc_i;
`else
  wire take = alloc_i & avail_o;
`endif
`ifdef FAULT_AAU_REL_UNCHECKED
  wire give_ok = rel_valid_i & ({1'b0, rel_id_i} <= LastI[IdBits:0]);
`else
  wire give_ok = rel_valid_i & ({1'b0, rel_id_i} <= LastI[IdBits:0]) & occ_q[rel_id_i];
`endif
`ifdef FAULT_AAU_SAME_CYCLE
  wire give = give_ok & ~take;
`else
  wire give = give_ok;
`endif

  // the tail after this cycle's alloc: (head + take) + (count - take) = head + count (mod Entries)
`ifdef FORMAL_FAULT_AAU_TAIL_OFF_BY_ONE
  wire [SumBits-1:0] tail_sum = {{(SumBits-IdBits){1'b0}}, head_q} + {1'b0, count_q} + 1'b1;
`else
  wire [SumBits-1:0] tail_sum = {{(SumBits-IdBits){1'b0}}, head_q} + {1'b0, count_q};
`endif
  /* verilator lint_off UNUSEDSIGNAL */
  wire [SumBits-1:0] tail_w   = (tail_sum >= EntriesS) ? tail_sum - EntriesS : tail_sum;
  /* verilator lint_on UNUSEDSIGNAL */
  wire [IdBits-1:0]  tail     = tail_w[IdBits-1:0];
`ifdef FORMAL_FAULT_AAU_HEAD_NO_WRAP
  wire [IdBits-1:0] head_n = head_q + 1'b1;
`else
  wire [IdBits-1:0] head_n = (head_q == Last) ? {IdBits{1'b0}} : head_q + 1'b1;
`endif

  integer i;
  always @(posedge clk_i) begin
    if (!rst_ni || rel_all_i) begin
`ifdef FORMAL_FAULT_AAU_RELALL_KEEPS_FIFO
      if (!rst_ni)
`endif
      for (i = 0; i < Entries; i = i + 1) fifo_q[i] <= i[IdBits-1:0];
      head_q  <= {IdBits{1'b0}};
`ifdef FORMAL_FAULT_AAU_RESET_COUNT
      count_q <= LastI[CountBits-1:0];
`else
      count_q <= Entries[CountBits-1:0];
`endif
`ifdef FAULT_AAU_RELALL_KEEPS_OCC
      if (!rst_ni) occ_q <= {Entries{1'b0}};
`else
      occ_q   <= {Entries{1'b0}};
`endif
    end else begin
      if (take) head_q <= head_n;
      if (give) fifo_q[tail] <= rel_id_i;
`ifdef FORMAL_FAULT_AAU_COUNT_NO_GIVE
      count_q <= count_q - {{(CountBits-1){1'b0}}, take};
`else
      count_q <= count_q - {{(CountBits-1){1'b0}}, take} + {{(CountBits-1){1'b0}}, give};
`endif
`ifdef FORMAL_FAULT_AAU_OCC_WRONG_ID
      occ_q   <= (occ_q | ({{(Entries-1){1'b0}}, take} << head_q))
`elsif FORMAL_FAULT_AAU_OCC_NOT_SET
      occ_q   <= occ_q
`else
      occ_q   <= (occ_q | ({{(Entries-1){1'b0}}, take} << fifo_q[head_q]))
`endif
                 & ~({{(Entries-1){1'b0}}, give} << rel_id_i);
    end
  end

  // ---- invariants (simulation only): the free list and the occupied set always partition
  // the entries (an id is never lost nor held twice), the count never exceeds the entries ----
`ifdef GPURF_CHECKS
  integer ck_i, ck_n;
  always @* begin
    ck_n = {{(32-CountBits){1'b0}}, count_q};
    for (ck_i = 0; ck_i < Entries; ck_i = ck_i + 1) ck_n = ck_n + {31'd0, occ_q[ck_i]};
  end
  always @(posedge clk_i) if (rst_ni && !rel_all_i) begin
    if (ck_n != Entries || count_q > Entries[CountBits-1:0]) begin
      $display("GPURF CHECK FAILED aau: %0d free + occupied ids, %0d entries", ck_n, Entries); $stop;
    end
  end
`endif
`ifdef FORMAL
  reg f_init = 1'b0;
  integer fa, fk, fn, f_pos;
  always @(posedge clk_i) f_init <= 1'b1;
  always @* if (!f_init) assume(!rst_ni);
  always @* if (f_init && rst_ni)
    for (fa = 0; fa < Entries; fa = fa + 1) begin
      fn = {31'd0, occ_q[fa]};
      for (fk = 0; fk < (1 << CountBits); fk = fk + 1) begin
        f_pos = (head_q + fk) % Entries;
        if (fk < count_q && fifo_q[f_pos] == fa[IdBits-1:0])
          fn = fn + 1;
        if (fk < count_q) assert({1'b0, fifo_q[f_pos]} <= Last);
      end
      assert(fn == 1);
      assert({1'b0, head_q} <= Last);
    end
`endif
endmodule
