// aau: address allocation unit (LTRF paper Sec. 4.2, Fig. 8). Contract identical to
// cmodel/aau.h: `unused` is a FIFO of free ids (0..Entries-1 in order after reset),
// `occupied` a bit-vector; the ports asking (alloc_valid) take as many ids from the head, at
// most the free count, head_o[k] the k-th of them; a release of an occupied id goes to the
// tail, rel_all restores the reset state and overrides both.
// Build-time fault variants for harness self-tests: FAULT_AAU_REL_UNCHECKED (a release of an
// id that is not occupied is accepted), FAULT_AAU_RELALL_KEEPS_OCC (rel_all leaves the occupied
// bits set), FAULT_AAU_SAME_CYCLE (a release in the same cycle as an alloc is lost),
// FAULT_AAU_ALLOC_ONE (one id taken a cycle however many are asked: a serial fill),
// FAULT_AAU_HEADS_SAME (every alloc port shows the first head: registers of one fill share a
// bank).
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
    parameter Entries = 16,
    parameter AllocPorts = 1
) (
    input  wire                  clk_i,
    input  wire                  rst_ni,
    input  wire [AllocPorts-1:0] alloc_valid_i,
    input  wire                  rel_valid_i,
    input  wire [IdBits-1:0]     rel_id_i,
    input  wire                  rel_all_i,
    output wire                  avail_o,
    output wire [AllocPorts*IdBits-1:0] head_o,
    output wire [CountBits-1:0]  free_count_o,
    output wire [Entries-1:0]    occupied_o
);
  localparam IdBits    = (Entries > 1) ? $clog2(Entries) : 1;
  localparam CountBits = $clog2(Entries + 1);
  localparam SumBits   = CountBits + 1;
  localparam integer LastI = Entries - 1;
  localparam [SumBits-1:0] EntriesS = Entries[SumBits-1:0];

  reg [IdBits-1:0]    fifo_q [0:Entries-1];
  reg [IdBits-1:0]    head_q;
  reg [CountBits-1:0] count_q;
  reg [Entries-1:0]   occ_q;

  assign avail_o      = count_q != {CountBits{1'b0}};
  assign free_count_o = count_q;
  assign occupied_o   = occ_q;

  // slot of the k-th id from the head: head + k (mod Entries)
  /* verilator lint_off UNUSEDSIGNAL */
  function [IdBits-1:0] slot;
    input [IdBits-1:0] h;
    input integer k;
    reg [SumBits-1:0] t;
    begin
      t = {{(SumBits-IdBits){1'b0}}, h} + k[SumBits-1:0];
      if (t >= EntriesS) t = t - EntriesS;
      slot = t[IdBits-1:0];
    end
  endfunction
  /* verilator lint_on UNUSEDSIGNAL */

  genvar gk;
  generate for (gk = 0; gk < AllocPorts; gk = gk + 1) begin : g_head
`ifdef FAULT_AAU_HEADS_SAME
    assign head_o[gk*IdBits +: IdBits] = fifo_q[head_q];
`else
    assign head_o[gk*IdBits +: IdBits] = fifo_q[slot(head_q, gk)];
`endif
  end endgenerate

  // ids taken this cycle: one per asking port, at most the free count
  reg [CountBits:0] asked_w;
  integer ak;
  always @* begin
    asked_w = {(CountBits+1){1'b0}};
    for (ak = 0; ak < AllocPorts; ak = ak + 1)
      asked_w = asked_w + {{CountBits{1'b0}}, alloc_valid_i[ak]};
  end
  /* verilator lint_off UNUSEDSIGNAL */
`ifdef FORMAL_FAULT_AAU_ALLOC_EMPTY
  wire [CountBits:0] take_w = asked_w;
`elsif FAULT_AAU_ALLOC_ONE
  wire [CountBits:0] take_w = {{CountBits{1'b0}}, (|alloc_valid_i) & avail_o};
`else
  wire [CountBits:0] take_w = (asked_w > {1'b0, count_q}) ? {1'b0, count_q} : asked_w;
`endif
  /* verilator lint_on UNUSEDSIGNAL */
  wire [CountBits-1:0] take_n = take_w[CountBits-1:0];
  wire take = take_n != {CountBits{1'b0}};
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
  /* verilator lint_off UNUSEDSIGNAL */
  wire [SumBits-1:0] head_sum = {{(SumBits-IdBits){1'b0}}, head_q} + {1'b0, take_n};
`ifdef FORMAL_FAULT_AAU_HEAD_NO_WRAP
  wire [IdBits-1:0] head_n = head_sum[IdBits-1:0];
`else
  wire [SumBits-1:0] head_w = (head_sum >= EntriesS) ? head_sum - EntriesS : head_sum;
  wire [IdBits-1:0] head_n = head_w[IdBits-1:0];
`endif
  /* verilator lint_on UNUSEDSIGNAL */
  // the ids taken this cycle, as a vector
  reg [Entries-1:0] taken;
`ifndef FORMAL_FAULT_AAU_OCC_NOT_SET
  integer tk;
`endif
  always @* begin
    taken = {Entries{1'b0}};
`ifndef FORMAL_FAULT_AAU_OCC_NOT_SET
    for (tk = 0; tk < AllocPorts; tk = tk + 1)
      if (tk < {{(32-CountBits){1'b0}}, take_n})
`ifdef FORMAL_FAULT_AAU_OCC_WRONG_ID
        taken[slot(head_q, tk)] = 1'b1;
`else
        taken[fifo_q[slot(head_q, tk)]] = 1'b1;
`endif
`endif
  end

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
      count_q <= count_q - take_n;
`else
      count_q <= count_q - take_n + {{(CountBits-1){1'b0}}, give};
`endif
      occ_q   <= (occ_q | taken) & ~({{(Entries-1){1'b0}}, give} << rel_id_i);
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
  localparam [IdBits-1:0] Last = LastI[IdBits-1:0];
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
