// avail: physical-register availability flags and allocator of cross-warp register renaming
// (Jeon and Annavaram Secs. 6.1, 7.2, Fig. 7), one per sub-core. Register p lies in bank
// p mod Banks at row p / Banks; a bank's rows split evenly into Subarrays sub-arrays; group
// g = sa * Banks + b is sub-array sa of bank b.
//   lists:   with bank_aware, list b holds bank b's groups; without, list 0 holds every group.
//   window:  each list's group for this cycle, chosen at the previous edge from the flags
//            before it. policy (an input tied to the preset's rn_policy: one circuit for all)
//            0 consolidate: the non-full group with the most allocated rows a cycle earlier
//            (the registered counts; ties: the lower group); 1 spread: the first non-full
//            group after the list's last granted group, cyclically; 2, 3 first: the lowest
//            non-full group. Reset: list L's is group L.
//   alloc:   a valid port with k earlier valid ports of its list takes the (k+1)-th free row
//            of its list's window; refused when there is none (the SM retries).
//   free:    refused and flagged (fr_err) when the register is not allocated.
//   reserve: sets the flag.
// At the edge: flags = ((flags | granted) & ~freed) | reserved.
// Observations: allocated registers and sub-arrays on, of the registered counts (the flags a
// cycle before); the windows.
// Contract identical to cmodel/avail.h.
// Built for a 1 GHz clock (precomputed priority encoders): the window, a registered group,
// turns a grant into a search of one group's rows: every group's free-row places (a
// thermometer prefix saturating at Ports) from the flags, the window's selected by its
// registered group's one-hot, each port's row the free one whose place is its k. The next
// windows come from the flags' full groups and the registered counts (a 32-row count, the pairwise
// comparisons and the choice do not fit one cycle); spread's are chosen for both of its
// possible last groups and picked by whether the list was granted.
// Build-time fault variants: FAULT_AVAIL_DOUBLE_GRANT (a port does not see the earlier ports'
// picks), FAULT_AVAIL_FREE_UNCHECKED (a free of a free register is not flagged),
// FAULT_AVAIL_RANK_TIE (consolidation breaks a tie towards the higher group),
// FAULT_AVAIL_SPREAD_STUCK (spread's last group is not updated by grants).
// Proof-only fault variants (make formal): FORMAL_FAULT_AVAIL_RESERVE_LOST,
// FORMAL_FAULT_AVAIL_FREE_LOST and FORMAL_FAULT_AVAIL_GRANT_LOST (the edge drops a reserve, an
// accepted free, a grant), FORMAL_FAULT_AVAIL_FREE_BEATS_RESERVE (a free applied after a
// reserve of the same register), FORMAL_FAULT_AVAIL_RESET_HOLE (reset leaves the flags),
// FORMAL_FAULT_AVAIL_BANK_IGNORED (every port is served from list 0),
// FORMAL_FAULT_AVAIL_TOP_UNUSED (a window's top row is never granted),
// FORMAL_FAULT_AVAIL_FULL_WINDOW (the choice of a window does not skip full groups).
// Properties (`ifdef FORMAL, make formal): avail never frees a register it did not allocate
// (a free it accepts finds the flag set), never grants an allocated register or one register
// twice in a cycle; with bank_aware a grant lies in the requested bank; a grant is the lowest
// row of its list's window free after the earlier ports' grants, and a request is refused only
// when the window has none; each window is the policy's choice over the previous flags;
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
    output wire [Banks*SaBits-1:0]    win_o,
    output wire [Banks-1:0]           win_ok_o
);
  localparam IdBits   = (PhysRegs > 1) ? $clog2(PhysRegs) : 1;
  localparam BankBits = (Banks > 1) ? $clog2(Banks) : 1;
  localparam NG       = Banks * Subarrays;
  localparam SaBits   = (NG > 1) ? $clog2(NG) : 1;
  localparam Rows     = PhysRegs / Banks;
  localparam SaRows   = Rows / Subarrays;
  localparam RowBits  = (SaRows > 1) ? $clog2(SaRows) : 1;
  localparam CntBits  = $clog2(SaRows + 1);
  // unary codes (unary.vh) count to Ports: a port's place in its list is below Ports
  localparam U  = Ports;
  localparam CW = SaRows;
  `include "unary.vh"

  reg [PhysRegs-1:0]    used_q;
  reg [Banks*SaBits-1:0] win_q, ptr_q;   // each list's window; its last granted group
  reg [Banks-1:0]        wok_q;
  reg [NG*CntBits-1:0]   cnt_q;            // each group's allocated rows a cycle ago
  reg                    rst_q;            // reset a cycle ago: the counts are zero
  // the counts as the outputs and the windows see them (the reset cleared past the count's flops,
  // a cycle shorter than a reset at their inputs)
  wire [NG*CntBits-1:0]  cnt_v = cnt_q & {NG*CntBits{~rst_q}};
  assign win_o    = win_q;
  assign win_ok_o = wok_q;

  // Every register's place in its group (the free rows below it, a thermometer code saturating
  // at Ports) as U planes of PhysRegs bits (plane j: the registers whose count is at least
  // j + 1), a parallel prefix along the group's rows on whole planes; then per group its rows'
  // flags and places, its count and whether it is full.
  localparam W = U * PhysRegs;
  reg [W-1:0]           inc, ex;
  reg [NG*SaRows-1:0]   gfree;
  reg [NG*SaRows*U-1:0] gplace;
  reg [NG*CntBits-1:0]  cnt;
  reg [NG-1:0]          full;
  integer g, r, jj;
  always @* begin
    inc = rowpre(code1(~used_q));
    ex  = up(inc, Banks, m_pos(Banks, SaRows, 1, SaRows));
    for (g = 0; g < NG; g = g + 1) begin
      for (r = 0; r < SaRows; r = r + 1) begin
        gfree[g*SaRows+r] = !used_q[((g / Banks) * SaRows + r) * Banks + g % Banks];
        for (jj = 0; jj < U; jj = jj + 1)
          gplace[(g*SaRows+r)*U+jj] = ex[jj*PhysRegs + ((g / Banks) * SaRows + r) * Banks + g % Banks];
      end
      cnt[g*CntBits +: CntBits] = popw(~gfree[g*SaRows +: SaRows]);
      full[g] = ~|gfree[g*SaRows +: SaRows];
    end
  end

  // the rows a grant may take
`ifdef FORMAL_FAULT_AVAIL_TOP_UNUSED
  localparam [SaRows-1:0] Usable = {1'b0, {(SaRows-1){1'b1}}};
`else
  localparam [SaRows-1:0] Usable = {SaRows{1'b1}};
`endif
  // each list's window: the registered group decoded to a one-hot (none when the window is not the
  // list's: bank_aware changed since it was chosen), its rows' flags and places
  reg [Banks*NG-1:0]       wohl;
  reg [Banks*SaRows-1:0]   lfree;
  reg [Banks*SaRows*U-1:0] lplace;
  reg [Banks-1:0]          lany;
  integer l;
  always @* begin
    lfree  = {Banks*SaRows{1'b0}};
    lplace = {Banks*SaRows*U{1'b0}};
    for (l = 0; l < Banks; l = l + 1) begin
      for (g = 0; g < NG; g = g + 1)
        wohl[l*NG+g] = wok_q[l] && {{(32-SaBits){1'b0}}, win_q[l*SaBits +: SaBits]} == g &&
                       (bank_aware_i ? g % Banks == l : l == 0);
      for (g = 0; g < NG; g = g + 1) begin
        lfree[l*SaRows +: SaRows] = lfree[l*SaRows +: SaRows] |
                                    (gfree[g*SaRows +: SaRows] & {SaRows{wohl[l*NG+g]}});
        lplace[l*SaRows*U +: SaRows*U] = lplace[l*SaRows*U +: SaRows*U] |
                                         (gplace[g*SaRows*U +: SaRows*U] & {SaRows*U{wohl[l*NG+g]}});
      end
      lany[l] = |(lfree[l*SaRows +: SaRows] & Usable);
    end
  end

  // a register's id from its group and row: the fields side by side when the sizes are powers
  // of two, else a sum
  localparam Pow2 = (Banks & (Banks - 1)) == 0 && (SaRows & (SaRows - 1)) == 0;
  // each port: its list (one-hot), k, the row whose place is k, the window's group (one-hot);
  // the flags take the picks one-hot
  reg [PhysRegs-1:0]    picks;
  reg [Banks-1:0]       lgnt;        // lists granted this cycle: a valid port, a free row
  reg [Ports*BankBits-1:0] plist;
  reg [Ports-1:0]       pok, same;
  reg [Banks-1:0]       plo;
  reg [NG-1:0]          pgoh;
  reg [SaRows-1:0]      pk;
  reg [U-1:0]           k;
  reg [RowBits-1:0]     prow;
  reg [BankBits-1:0]    pl;
  reg [IdBits-1:0]      base, rowpart;
  /* verilator lint_off UNUSEDSIGNAL */
  reg [31:0]            t32;
  /* verilator lint_on UNUSEDSIGNAL */
  integer pi, pn;
  always @* begin
    picks    = {PhysRegs{1'b0}};
    lgnt     = {Banks{1'b0}};
    al_gnt_o = {Ports{1'b0}};
    al_id_o  = {Ports*IdBits{1'b0}};
    fr_err_o = {Ports{1'b0}};
    for (pi = 0; pi < Ports; pi = pi + 1) begin
`ifdef FORMAL_FAULT_AVAIL_BANK_IGNORED
      pl = {BankBits{1'b0}};
`else
      pl = bank_aware_i ? al_bank_i[pi*BankBits +: BankBits] : {BankBits{1'b0}};
`endif
      plist[pi*BankBits +: BankBits] = pl;
      pok[pi] = al_valid_i[pi] && {{(32-BankBits){1'b0}}, pl} < Banks;
      same = {Ports{1'b0}};
      for (pn = 0; pn < pi; pn = pn + 1)
        same[pn] = pok[pn] && plist[pn*BankBits +: BankBits] == pl;
`ifdef FAULT_AVAIL_DOUBLE_GRANT
      k = {U{1'b0}};
`else
      k = kcount(same);
`endif
      pk   = {SaRows{1'b0}};
      pgoh = {NG{1'b0}};
      for (l = 0; l < Banks; l = l + 1) begin
        plo[l] = {{(32-BankBits){1'b0}}, pl} == l;
        for (r = 0; r < SaRows; r = r + 1)
          pk[r] = pk[r] | (plo[l] & lfree[l*SaRows+r] & (lplace[(l*SaRows+r)*U +: U] == k));
        pgoh = pgoh | (wohl[l*NG +: NG] & {NG{plo[l]}});
        lgnt[l] = lgnt[l] | (plo[l] & pok[pi] & lany[l]);
      end
      pk = pk & Usable & {SaRows{pok[pi]}};
      prow = enc(pk);
      al_gnt_o[pi] = |pk;
      base = {IdBits{1'b0}};
      for (g = 0; g < NG; g = g + 1) begin
        t32  = ((g / Banks) * SaRows) * Banks + g % Banks;
        base = base | (t32[IdBits-1:0] & {IdBits{pgoh[g]}});
      end
      t32     = {{(32-RowBits){1'b0}}, prow} * Banks;
      rowpart = t32[IdBits-1:0];
      al_id_o[pi*IdBits +: IdBits] = (Pow2 ? base | rowpart : base + rowpart) & {IdBits{al_gnt_o[pi]}};
      for (g = 0; g < NG; g = g + 1)
        for (r = 0; r < SaRows; r = r + 1)
          picks[((g / Banks) * SaRows + r) * Banks + g % Banks] =
            picks[((g / Banks) * SaRows + r) * Banks + g % Banks] | (pgoh[g] & pk[r]);
`ifdef FAULT_AVAIL_FREE_UNCHECKED
      fr_err_o[pi] = 1'b0;
`else
      fr_err_o[pi] = fr_valid_i[pi] && {{(32-IdBits){1'b0}}, fr_id_i[pi*IdBits +: IdBits]} < PhysRegs &&
                    !used_q[fr_id_i[pi*IdBits +: IdBits]];
`endif
    end
    allocated_o    = sum_groups(cnt_v);
    subarrays_on_o = ones(cnt_v);
  end

  // the next windows, from the flags before the edge: per list its candidates (its non-full
  // groups), consolidation's most allocated (a rank by pairwise comparison of the counts),
  // first's lowest, spread's first after either possible last group
  reg [NG-1:0]         cand, tc, tf, ts0, ts1, tgt;
  reg [NG*NG-1:0]      bt;     // bt[h * NG + g]: consolidation prefers group h to g
  reg [Banks*SaBits-1:0] win_d, ptr_d;
  reg [Banks-1:0]        wok_d;
  reg [SaBits-1:0]       cur;
  integer h;
  always @* begin
    for (g = 0; g < NG; g = g + 1)
      for (h = 0; h < NG; h = h + 1)
        bt[h*NG+g] = h != g && (cnt_v[h*CntBits +: CntBits] > cnt_v[g*CntBits +: CntBits] ||
`ifdef FAULT_AVAIL_RANK_TIE
                     (cnt_v[h*CntBits +: CntBits] == cnt_v[g*CntBits +: CntBits] && h > g));
`else
                     (cnt_v[h*CntBits +: CntBits] == cnt_v[g*CntBits +: CntBits] && h < g));
`endif
    for (l = 0; l < Banks; l = l + 1) begin
      for (g = 0; g < NG; g = g + 1)
`ifdef FORMAL_FAULT_AVAIL_FULL_WINDOW
        cand[g] = bank_aware_i ? g % Banks == l : l == 0;
`else
        cand[g] = !full[g] && (bank_aware_i ? g % Banks == l : l == 0);
`endif
      for (g = 0; g < NG; g = g + 1) begin
        tc[g] = cand[g];
        tf[g] = cand[g];
        for (h = 0; h < NG; h = h + 1) begin
          tc[g] = tc[g] & ~(cand[h] & bt[h*NG+g]);
          if (h < g) tf[g] = tf[g] & ~cand[h];
        end
      end
      ts0 = cyc_first(cand, win_q[l*SaBits +: SaBits]);
      ts1 = cyc_first(cand, ptr_q[l*SaBits +: SaBits]);
`ifdef FAULT_AVAIL_SPREAD_STUCK
      cur = ptr_q[l*SaBits +: SaBits];
      tgt = ts1;
`else
      cur = lgnt[l] ? win_q[l*SaBits +: SaBits] : ptr_q[l*SaBits +: SaBits];
      tgt = lgnt[l] ? ts0 : ts1;
`endif
      if (policy_i == 2'd0)      tgt = tc;
      else if (policy_i != 2'd1) tgt = tf;
      ptr_d[l*SaBits +: SaBits] = cur;
      win_d[l*SaBits +: SaBits] = genc(tgt);
      wok_d[l] = |tgt;
    end
  end

  // the one-hot of the first candidate after group p, cyclically (p itself last): aft, the
  // groups above p (an OR prefix of p's one-hot); h lies between p and q when it is above p and
  // below q, or, where q is not above p, either
  function [NG-1:0] cyc_first(input [NG-1:0] c, input [SaBits-1:0] p);
    reg [NG-1:0] aft;
    integer q, hh;
    begin
      aft = {NG{1'b0}};
      for (q = 1; q < NG; q = q + 1) aft[q] = aft[q-1] | ({{(32-SaBits){1'b0}}, p} == q - 1);
      for (q = 0; q < NG; q = q + 1) begin
        cyc_first[q] = c[q];
        for (hh = 0; hh < NG; hh = hh + 1)
          if (hh != q)
            cyc_first[q] = cyc_first[q] & ~(c[hh] & (aft[q] ? aft[hh] & (hh < q) : aft[hh] | (hh < q)));
      end
    end
  endfunction
  // Unary codes on planes. uaddv: a + b per register (unary.vh's uadd on whole planes).
  function [W-1:0] uaddv(input [W-1:0] a, input [W-1:0] b);
    reg [W+PhysRegs-1:0] ea, eb;
    reg [PhysRegs-1:0]   t;
    integer c, y;
    begin
      ea = {a, {PhysRegs{1'b1}}};
      eb = {b, {PhysRegs{1'b1}}};
      for (c = 1; c <= U; c = c + 1) begin
        t = {PhysRegs{1'b0}};
        for (y = 0; y <= c; y = y + 1) t = t | (ea[y*PhysRegs +: PhysRegs] & eb[(c-y)*PhysRegs +: PhysRegs]);
        uaddv[(c-1)*PhysRegs +: PhysRegs] = t;
      end
    end
  endfunction
  // a code of 0 or 1 per register
  function [W-1:0] code1(input [PhysRegs-1:0] v);
    begin
      code1 = {W{1'b0}};
      code1[PhysRegs-1:0] = v;
    end
  endfunction
  // each register takes the code of the register s below it, 0 where mk is 0
  function [W-1:0] up(input [W-1:0] a, input integer s, input [PhysRegs-1:0] mk);
    integer pq;
    for (pq = 0; pq < U; pq = pq + 1) up[pq*PhysRegs +: PhysRegs] = (a[pq*PhysRegs +: PhysRegs] << s) & mk;
  endfunction
  // the inclusive prefix along a group's rows (registers Banks apart, SaRows to a group;
  // Kogge-Stone)
  function [W-1:0] rowpre(input [W-1:0] a);
    integer st;
    begin
      rowpre = a;
      for (st = 1; st < SaRows; st = st * 2)
        rowpre = uaddv(rowpre, up(rowpre, st * Banks, m_pos(Banks, SaRows, st, SaRows)));
    end
  endfunction
  // registers whose position (r / step) mod n lies in [lo, top)
  function [PhysRegs-1:0] m_pos(input integer step, input integer n, input integer lo, input integer top);
    integer q;
    for (q = 0; q < PhysRegs; q = q + 1) m_pos[q] = (q / step) % n >= lo && (q / step) % n < top;
  endfunction
  // register r of group gg
  function integer regof(input integer gg, input integer rr);
    regof = ((gg / Banks) * SaRows + rr) * Banks + gg % Banks;
  endfunction
  // the earlier valid ports of a port's list, as a code
  function [U-1:0] kcount(input [Ports-1:0] v);
    reg [U-1:0] one;
    integer x;
    begin
      kcount = {U{1'b0}};
      for (x = 0; x < Ports; x = x + 1) begin
        one    = {U{1'b0}};
        one[0] = v[x];
        kcount = uadd(kcount, one);
      end
    end
  endfunction
  // set bits of a group's rows, and the sum of the groups' counts (or of one bit per group),
  // each a balanced tree of adders (level l adds the sums l apart)
  function [CntBits-1:0] popw(input [SaRows-1:0] v);
    reg [SaRows*CntBits-1:0] a;
    integer q, lv;
    begin
      a = {(SaRows*CntBits){1'b0}};
      for (q = 0; q < SaRows; q = q + 1) a[q*CntBits] = v[q];
      for (lv = 1; lv < SaRows; lv = lv * 2)
        for (q = 0; q + lv < SaRows; q = q + 2 * lv)
          a[q*CntBits +: CntBits] = a[q*CntBits +: CntBits] + a[(q+lv)*CntBits +: CntBits];
      popw = a[0 +: CntBits];
    end
  endfunction
  function [IdBits:0] sum_groups(input [NG*CntBits-1:0] c);
    reg [NG*(IdBits+1)-1:0] a;
    integer q, lv;
    begin
      for (q = 0; q < NG; q = q + 1)
        a[q*(IdBits+1) +: IdBits+1] = {{(IdBits+1-CntBits){1'b0}}, c[q*CntBits +: CntBits]};
      for (lv = 1; lv < NG; lv = lv * 2)
        for (q = 0; q + lv < NG; q = q + 2 * lv)
          a[q*(IdBits+1) +: IdBits+1] = a[q*(IdBits+1) +: IdBits+1] + a[(q+lv)*(IdBits+1) +: IdBits+1];
      sum_groups = a[0 +: IdBits+1];
    end
  endfunction
  // the groups with an allocated row
  function [SaBits:0] ones(input [NG*CntBits-1:0] c);
    reg [NG*CntBits-1:0] b;
    /* verilator lint_off UNUSEDSIGNAL */
    reg [IdBits:0] t;
    /* verilator lint_on UNUSEDSIGNAL */
    integer q;
    begin
      b = {(NG*CntBits){1'b0}};
      for (q = 0; q < NG; q = q + 1) b[q*CntBits] = |c[q*CntBits +: CntBits];
      t = sum_groups(b);
      ones = t[SaBits:0];
    end
  endfunction
  // the index of a one-hot vector: bit j is the OR of the set bits whose index has bit j
  function [RowBits-1:0] enc(input [SaRows-1:0] v);
    reg [SaRows-1:0] m;
    integer q, j;
    for (j = 0; j < RowBits; j = j + 1) begin
      for (q = 0; q < SaRows; q = q + 1) m[q] = v[q] && ((q >> j) & 1) == 1;
      enc[j] = |m;
    end
  endfunction
  function [SaBits-1:0] genc(input [NG-1:0] v);
    reg [NG-1:0] m;
    integer q, j;
    for (j = 0; j < SaBits; j = j + 1) begin
      for (q = 0; q < NG; q = q + 1) m[q] = v[q] && ((q >> j) & 1) == 1;
      genc[j] = |m;
    end
  endfunction

  reg [PhysRegs-1:0] used_d;
  // frees before reserves: a reserve beats a free of the same register
`ifdef FORMAL_FAULT_AVAIL_FREE_BEATS_RESERVE
  localparam FreePass = 1;
`else
  localparam FreePass = 0;
`endif
  integer pass, n;
  always @* begin
    used_d = used_q;
`ifndef FORMAL_FAULT_AVAIL_GRANT_LOST
    used_d = used_d | picks;
`endif
    for (pass = 0; pass < 2; pass = pass + 1)
      for (n = 0; n < Ports; n = n + 1)
        if (pass == FreePass) begin
`ifndef FORMAL_FAULT_AVAIL_FREE_LOST
          if (fr_valid_i[n] && {{(32-IdBits){1'b0}}, fr_id_i[n*IdBits +: IdBits]} < PhysRegs && !fr_err_o[n])
            used_d[fr_id_i[n*IdBits +: IdBits]] = 1'b0;
`endif
        end else begin
`ifndef FORMAL_FAULT_AVAIL_RESERVE_LOST
          if (rs_valid_i[n] && {{(32-IdBits){1'b0}}, rs_id_i[n*IdBits +: IdBits]} < PhysRegs)
            used_d[rs_id_i[n*IdBits +: IdBits]] = 1'b1;
`endif
        end
  end

  // after reset list L's window is group L, its last granted group too
  function [Banks*SaBits-1:0] w0f(input integer unused);
    integer z;
    /* verilator lint_off UNUSEDSIGNAL */
    reg [31:0] zz;
    /* verilator lint_on UNUSEDSIGNAL */
    begin
      for (z = 0; z < Banks; z = z + 1) begin
        zz = z + unused;
        w0f[z*SaBits +: SaBits] = zz[SaBits-1:0];
      end
    end
  endfunction
  localparam [Banks*SaBits-1:0] W0 = w0f(0);
  always @(posedge clk_i) begin
    if (!rst_ni) begin
`ifndef FORMAL_FAULT_AVAIL_RESET_HOLE
      used_q <= {PhysRegs{1'b0}};
`endif
      win_q <= W0;
      ptr_q <= W0;
      wok_q <= {Banks{1'b1}};
    end else begin
      used_q <= used_d;
      win_q  <= win_d;
      ptr_q  <= ptr_d;
      wok_q  <= wok_d;
    end
    cnt_q <= cnt;
    rst_q <= !rst_ni;
  end
`ifdef FORMAL
`include "avail_props.vh"
`endif
endmodule
