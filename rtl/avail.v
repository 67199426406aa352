// avail: physical-register availability flags and allocator of cross-warp register renaming
// (Jeon and Annavaram Secs. 6.1, 7.2, Fig. 7), one per sub-core. Register p lies in bank
// p mod Banks at row p / Banks; a bank's rows split evenly into Subarrays sub-arrays.
//   alloc:   ports in order, each seeing the earlier ports' picks; with bank_aware only bank
//            al_bank. policy (an input tied to the preset's rn_policy: one circuit for all) 0
//            consolidate: the lowest free row of the non-full sub-array with the most allocated
//            rows (ties: lower sub-array, then lower bank); 1 spread: the first free register
//            at or after last + one sub-array's worth (wrapping); 2, 3 first: the lowest free
//            register.
//   free:    refused and flagged (fr_err) when the register is not allocated.
//   reserve: sets the flag.
// At the edge: flags = ((flags | granted) & ~freed) | reserved.
// Contract identical to cmodel/avail.h.
// Build-time fault variants: FAULT_AVAIL_DOUBLE_GRANT (a port does not see the earlier ports'
// picks), FAULT_AVAIL_FREE_UNCHECKED (a free of a free register is not flagged),
// FAULT_AVAIL_FULL_SUBARRAY (consolidate may choose a full sub-array and grant nothing).
// Proof-only fault variants (make formal): FORMAL_FAULT_AVAIL_RESERVE_LOST,
// FORMAL_FAULT_AVAIL_FREE_LOST and FORMAL_FAULT_AVAIL_GRANT_LOST (the edge drops a reserve, an
// accepted free, a grant), FORMAL_FAULT_AVAIL_FREE_BEATS_RESERVE (a free applied after a
// reserve of the same register), FORMAL_FAULT_AVAIL_RESET_HOLE (reset leaves the flags),
// FORMAL_FAULT_AVAIL_BANK_IGNORED (first and spread take any bank), FORMAL_FAULT_AVAIL_TOP_UNUSED
// (the lowest-free search never finds the highest register).
// Properties (`ifdef FORMAL, make formal): avail never frees a register it did not allocate
// (a free it accepts finds the flag set), never grants an allocated register or one register
// twice in a cycle; with bank_aware a grant lies in the requested bank; a request is refused
// only when every register it may take is allocated or granted to an earlier port;
// (invariant) the flags equal a shadow of grants and reserves less accepted frees.
module avail #(
    parameter PhysRegs  = 128,
    parameter Banks     = 2,
    parameter Subarrays = 4,
    parameter Ports     = 4
) (
    input  wire                       clk_i,
    input  wire                       rst_ni,
    input  wire [1:0]                 policy_i,
    input  wire                       bank_aware_i,
    input  wire [Ports-1:0]           al_valid_i,
    input  wire [Ports*BankBits-1:0]  al_bank_i,
    input  wire [Ports-1:0]           fr_valid_i,
    input  wire [Ports*IdBits-1:0]    fr_id_i,
    input  wire [Ports-1:0]           rs_valid_i,
    input  wire [Ports*IdBits-1:0]    rs_id_i,
    output reg  [Ports-1:0]           al_gnt_o,
    output reg  [Ports*IdBits-1:0]    al_id_o,
    output reg  [Ports-1:0]           fr_err_o,
    output reg  [IdBits:0]            allocated_o,
    output reg  [SaBits:0]            subarrays_on_o,
    output wire [IdBits-1:0]          last_o
);
  localparam IdBits   = (PhysRegs > 1) ? $clog2(PhysRegs) : 1;
  localparam BankBits = (Banks > 1) ? $clog2(Banks) : 1;
  localparam SaBits   = (Banks * Subarrays > 1) ? $clog2(Banks * Subarrays) : 1;
  localparam Rows     = PhysRegs / Banks;
  localparam SaRows   = Rows / Subarrays;
  localparam CntBits  = $clog2(SaRows + 1);
  localparam Stride   = SaRows * Banks;

  reg [PhysRegs-1:0] used_q;
  reg [IdBits-1:0]   last_q;
  assign last_o = last_q;

  // Each port: the free registers it may take (cand), then the policy's pick, a one-hot vector.
  // first: the lowest candidate; spread: the lowest candidate at or after the cursor plus one
  // sub-array's worth, else the lowest (wrapping); consolidate: the lowest free register of the
  // fullest non-full eligible (bank, sub-array) group (ties: lower sub-array, then lower bank).
  // The ports run in order, each after the earlier ports' picks; each step is a few levels:
  // the group counts are the registered flags' counts (balanced adder trees) plus the earlier
  // picks, the fullest group is a one-hot of pairwise comparisons, the lowest set bit is a
  // parallel prefix OR (Kogge-Stone), and the pick's index an OR per bit.
  localparam NG = Banks * Subarrays;
  /* verilator lint_off UNUSEDSIGNAL */
  reg [IdBits:0]       pc;
  reg [31:0]           start;
  /* verilator lint_on UNUSEDSIGNAL */
  reg [PhysRegs-1:0]   view, cand, gem, hi_m, vsel, pick;
  reg [NG*CntBits-1:0] cnt, ne_c;             // rows allocated; 1 where any
  reg [NG-1:0]         elig, best, beats;
  reg [IdBits-1:0]     cur, pid;
  reg [BankBits-1:0]   want;
  integer i, k, g, h;
  always @* begin
    view = used_q;
    cur  = last_q;
    cnt  = {(NG*CntBits){1'b0}};
    ne_c = {(NG*CntBits){1'b0}};
    for (g = 0; g < NG; g = g + 1) begin
      cnt[g*CntBits +: CntBits] = popw(gbits(used_q, g));
      ne_c[g*CntBits]           = |gbits(used_q, g);
    end
    allocated_o    = sum_groups(cnt);
    pc             = sum_groups(ne_c);
    subarrays_on_o = pc[SaBits:0];
    al_gnt_o = {Ports{1'b0}};
    al_id_o  = {Ports*IdBits{1'b0}};
    fr_err_o = {Ports{1'b0}};
    for (i = 0; i < Ports; i = i + 1) begin
      want = al_bank_i[i*BankBits +: BankBits];
      for (k = 0; k < PhysRegs; k = k + 1)
`ifdef FORMAL_FAULT_AVAIL_BANK_IGNORED
        cand[k] = !view[k];
`else
        cand[k] = !view[k] && (!bank_aware_i || bank_of(k) == want);
`endif
      for (g = 0; g < NG; g = g + 1)
`ifdef FAULT_AVAIL_FULL_SUBARRAY
        elig[g] = !bank_aware_i || bank_of(g) == want;
`else
        elig[g] = (!bank_aware_i || bank_of(g) == want) &&
                  {{(32-CntBits){1'b0}}, cnt[g*CntBits +: CntBits]} < SaRows;
`endif
      for (g = 0; g < NG; g = g + 1) begin
        for (h = 0; h < NG; h = h + 1)
          beats[h] = h != g && elig[h] &&
                     (cnt[h*CntBits +: CntBits] > cnt[g*CntBits +: CntBits] ||
                      (cnt[h*CntBits +: CntBits] == cnt[g*CntBits +: CntBits] && h < g));
        best[g] = elig[g] && !(|beats);
      end
      for (k = 0; k < PhysRegs; k = k + 1) gem[k] = best[grp(k)] && !view[k];
      start = ({{(32-IdBits){1'b0}}, cur} + Stride) % PhysRegs;
      hi_m  = {PhysRegs{1'b1}} << start[IdBits-1:0];
      if (policy_i == 2'd0)      vsel = gem;
      else if (policy_i == 2'd1) vsel = |(cand & hi_m) ? cand & hi_m : cand;
      else                       vsel = cand;
      pick = al_valid_i[i] ? low1(vsel) : {PhysRegs{1'b0}};
      pid  = enc(pick);
      al_gnt_o[i] = |pick;
      al_id_o[i*IdBits +: IdBits] = pid;
      if (|pick) cur = pid;
`ifndef FAULT_AVAIL_DOUBLE_GRANT
      view = view | pick;
      for (g = 0; g < NG; g = g + 1)
        if (|gbits(pick, g)) cnt[g*CntBits +: CntBits] = cnt[g*CntBits +: CntBits] + 1'b1;
`endif
`ifdef FAULT_AVAIL_FREE_UNCHECKED
      fr_err_o[i] = 1'b0;
`else
      fr_err_o[i] = fr_valid_i[i] && {{(32-IdBits){1'b0}}, fr_id_i[i*IdBits +: IdBits]} < PhysRegs &&
                    !used_q[fr_id_i[i*IdBits +: IdBits]];
`endif
    end
  end

  // the group (sub-array sa of bank b: sa * Banks + b) of register k, and a group's registers
  function integer grp(input integer kk);
    grp = ((kk / Banks) / SaRows) * Banks + kk % Banks;
  endfunction
  /* verilator lint_off UNUSEDSIGNAL */
  function [BankBits-1:0] bank_of(input integer kk);
    reg [31:0] bt;
    begin
      bt      = kk % Banks;
      bank_of = bt[BankBits-1:0];
    end
  endfunction
  /* verilator lint_on UNUSEDSIGNAL */
  // group gg's bits of v, by row
  function [SaRows-1:0] gbits(input [PhysRegs-1:0] v, input integer gg);
    integer q;
    for (q = 0; q < SaRows; q = q + 1) gbits[q] = v[((gg / Banks) * SaRows + q) * Banks + gg % Banks];
  endfunction
  // set bits of a group's rows, and the sum of the groups' counts (or of one bit per group),
  // each a balanced tree of adders (level l adds the sums l apart)
  function [CntBits-1:0] popw(input [SaRows-1:0] v);
    reg [SaRows*CntBits-1:0] a;
    integer q, l;
    begin
      a = {(SaRows*CntBits){1'b0}};
      for (q = 0; q < SaRows; q = q + 1) a[q*CntBits] = v[q];
      for (l = 1; l < SaRows; l = l * 2)
        for (q = 0; q + l < SaRows; q = q + 2 * l)
          a[q*CntBits +: CntBits] = a[q*CntBits +: CntBits] + a[(q+l)*CntBits +: CntBits];
      popw = a[0 +: CntBits];
    end
  endfunction
  function [IdBits:0] sum_groups(input [NG*CntBits-1:0] c);
    reg [NG*(IdBits+1)-1:0] a;
    integer q, l;
    begin
      for (q = 0; q < NG; q = q + 1)
        a[q*(IdBits+1) +: IdBits+1] = {{(IdBits+1-CntBits){1'b0}}, c[q*CntBits +: CntBits]};
      for (l = 1; l < NG; l = l * 2)
        for (q = 0; q + l < NG; q = q + 2 * l)
          a[q*(IdBits+1) +: IdBits+1] = a[q*(IdBits+1) +: IdBits+1] + a[(q+l)*(IdBits+1) +: IdBits+1];
      sum_groups = a[0 +: IdBits+1];
    end
  endfunction
  // the lowest set bit of v, one-hot: v less the bits with a set bit below (a parallel prefix)
  function [PhysRegs-1:0] low1(input [PhysRegs-1:0] v);
    reg [PhysRegs-1:0] p, nx;
    integer q, st;
    begin
`ifdef FORMAL_FAULT_AVAIL_TOP_UNUSED
      p = v & ~({{(PhysRegs-1){1'b0}}, 1'b1} << (PhysRegs - 1));
`else
      p = v;
`endif
      for (st = 1; st < PhysRegs; st = st * 2) begin
        nx = p;
        for (q = st; q < PhysRegs; q = q + 1) nx[q] = p[q] | p[q-st];
        p = nx;
      end
      low1 = v & ~{p[PhysRegs-2:0], 1'b0};
`ifdef FORMAL_FAULT_AVAIL_TOP_UNUSED
      low1[PhysRegs-1] = 1'b0;
`endif
    end
  endfunction
  // the index of a one-hot vector: bit j is the OR of the set bits whose index has bit j
  function [IdBits-1:0] enc(input [PhysRegs-1:0] v);
    reg [PhysRegs-1:0] m;
    integer q, j;
    for (j = 0; j < IdBits; j = j + 1) begin
      for (q = 0; q < PhysRegs; q = q + 1) m[q] = v[q] && ((q >> j) & 1) == 1;
      enc[j] = |m;
    end
  endfunction

  reg [PhysRegs-1:0] used_d;
  // frees before reserves: a reserve beats a free of the same register
`ifdef FORMAL_FAULT_AVAIL_FREE_BEATS_RESERVE
  localparam FreePass = 1;
`else
  localparam FreePass = 0;
`endif
  integer pass;
  always @* begin
    used_d = used_q;
`ifndef FORMAL_FAULT_AVAIL_GRANT_LOST
    for (i = 0; i < Ports; i = i + 1)
      if (al_gnt_o[i]) used_d[al_id_o[i*IdBits +: IdBits]] = 1'b1;
`endif
    for (pass = 0; pass < 2; pass = pass + 1)
      for (i = 0; i < Ports; i = i + 1)
        if (pass == FreePass) begin
`ifndef FORMAL_FAULT_AVAIL_FREE_LOST
          if (fr_valid_i[i] && {{(32-IdBits){1'b0}}, fr_id_i[i*IdBits +: IdBits]} < PhysRegs && !fr_err_o[i])
            used_d[fr_id_i[i*IdBits +: IdBits]] = 1'b0;
`endif
        end else begin
`ifndef FORMAL_FAULT_AVAIL_RESERVE_LOST
          if (rs_valid_i[i] && {{(32-IdBits){1'b0}}, rs_id_i[i*IdBits +: IdBits]} < PhysRegs)
            used_d[rs_id_i[i*IdBits +: IdBits]] = 1'b1;
`endif
        end
  end

  always @(posedge clk_i) begin
    if (!rst_ni) begin
`ifndef FORMAL_FAULT_AVAIL_RESET_HOLE
      used_q <= {PhysRegs{1'b0}};
`endif
      last_q <= {IdBits{1'b0}};
    end else begin
      used_q <= used_d;
      last_q <= cur;
    end
  end
`ifdef FORMAL
  reg f_init = 1'b0;
  reg [PhysRegs-1:0] f_used_q; // grants and reserves less the accepted frees
  reg [PhysRegs-1:0] f_view;   // the flags with the earlier ports' grants
  integer fa, fb, fk;
  always @(posedge clk_i) f_init <= 1'b1;
  always @* if (!f_init) assume(!rst_ni);
  always @(posedge clk_i)
    if (!rst_ni) f_used_q <= {PhysRegs{1'b0}};
    else begin
      for (fa = 0; fa < Ports; fa = fa + 1)
        if (al_gnt_o[fa]) f_used_q[al_id_o[fa*IdBits +: IdBits]] <= 1'b1;
      for (fa = 0; fa < Ports; fa = fa + 1)
        if (fr_valid_i[fa] && !fr_err_o[fa] && {{(32-IdBits){1'b0}}, fr_id_i[fa*IdBits +: IdBits]} < PhysRegs)
          f_used_q[fr_id_i[fa*IdBits +: IdBits]] <= 1'b0;
      for (fa = 0; fa < Ports; fa = fa + 1)
        if (rs_valid_i[fa] && {{(32-IdBits){1'b0}}, rs_id_i[fa*IdBits +: IdBits]} < PhysRegs)
          f_used_q[rs_id_i[fa*IdBits +: IdBits]] <= 1'b1;
    end
  always @* if (f_init && rst_ni) begin
    assert(used_q == f_used_q);
    for (fa = 0; fa < Ports; fa = fa + 1) begin
      // never a free of a register that is not allocated, never a grant of an allocated one
      if (fr_valid_i[fa] && !fr_err_o[fa]) assert(used_q[fr_id_i[fa*IdBits +: IdBits]]);
      if (al_gnt_o[fa]) assert(!used_q[al_id_o[fa*IdBits +: IdBits]]);
      if (al_gnt_o[fa] && bank_aware_i)
        assert(al_id_o[fa*IdBits +: IdBits] % Banks == al_bank_i[fa*BankBits +: BankBits]);
      f_view = used_q;
      for (fb = 0; fb < fa; fb = fb + 1)
        if (al_gnt_o[fb]) f_view[al_id_o[fb*IdBits +: IdBits]] = 1'b1;
      if (al_valid_i[fa] && !al_gnt_o[fa])
        for (fk = 0; fk < PhysRegs; fk = fk + 1)
          assert(f_view[fk] || (bank_aware_i && fk % Banks != al_bank_i[fa*BankBits +: BankBits]));
      for (fb = fa + 1; fb < Ports; fb = fb + 1)
        if (al_gnt_o[fa] && al_gnt_o[fb]) assert(al_id_o[fa*IdBits +: IdBits] != al_id_o[fb*IdBits +: IdBits]);
    end
  end
`endif
endmodule
