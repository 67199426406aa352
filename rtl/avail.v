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

  // allocated rows of sub-array sa of bank b in flags v (constant indices: wiring and adders)
  function [CntBits-1:0] sa_count;
    input [PhysRegs-1:0] v;
    input integer        b, sa;
    integer r;
    begin
      sa_count = {CntBits{1'b0}};
      for (r = sa * SaRows; r < (sa + 1) * SaRows; r = r + 1)
        sa_count = sa_count + {{(CntBits-1){1'b0}}, v[r*Banks+b]};
    end
  endfunction
  // the lowest set bit of v (found, index)
  function [IdBits:0] lowest;
    input [PhysRegs-1:0] v;
    integer q;
    begin
      lowest = {(IdBits+1){1'b0}};
  `ifdef FORMAL_FAULT_AVAIL_TOP_UNUSED
    for (q = PhysRegs - 2; q >= 0; q = q - 1)
`else
    for (q = PhysRegs - 1; q >= 0; q = q - 1)
`endif
        if (v[q]) lowest = {1'b1, q[IdBits-1:0]};
    end
  endfunction

  // Each port: the free registers it may take (cand), then the policy's pick. first: the
  // lowest candidate; spread: the lowest of the candidates rotated to start at the cursor plus
  // one sub-array's worth; consolidate: the fullest non-full (bank, sub-array), its lowest free
  // row. Every index below is a loop constant, so the search is wiring, adders, comparators and
  // priority encoders.
  /* verilator lint_off UNUSEDSIGNAL */
  integer i, k, sa, r, bb, bs;
  reg [2*PhysRegs-1:0] rot2;
  reg [31:0]         start, t;
  /* verilator lint_on UNUSEDSIGNAL */
  reg [PhysRegs-1:0] view, cand, rot;
  reg [SaRows-1:0]   fv;
  reg [IdBits-1:0]   cur, pid;
  reg [IdBits:0]     low;
  reg                found, bf;
  reg [CntBits-1:0]  n, bn;
  reg [BankBits-1:0] want;
  always @* begin
    view = used_q;
    cur  = last_q;
    pid  = {IdBits{1'b0}};
    found = 1'b0; bf = 1'b0; bn = {CntBits{1'b0}}; n = {CntBits{1'b0}};
    bb = 0; bs = 0; start = 32'd0; t = 32'd0;
    cand = {PhysRegs{1'b0}}; rot = {PhysRegs{1'b0}}; rot2 = {2*PhysRegs{1'b0}};
    fv = {SaRows{1'b0}}; low = {(IdBits+1){1'b0}};
    want = {BankBits{1'b0}};
    al_gnt_o = {Ports{1'b0}};
    al_id_o  = {Ports*IdBits{1'b0}};
    fr_err_o = {Ports{1'b0}};
    allocated_o    = {(IdBits+1){1'b0}};
    subarrays_on_o = {(SaBits+1){1'b0}};
    for (i = 0; i < Ports; i = i + 1) begin
      found = 1'b0;
      pid   = {IdBits{1'b0}};
      want  = al_bank_i[i*BankBits +: BankBits];
      for (k = 0; k < PhysRegs; k = k + 1) begin
        t = k % Banks;
`ifdef FORMAL_FAULT_AVAIL_BANK_IGNORED
        cand[k] = !view[k];
`else
        cand[k] = !view[k] && (!bank_aware_i || t[BankBits-1:0] == want);
`endif
      end
      if (al_valid_i[i]) begin
        if (policy_i == 2'd0) begin
          bf = 1'b0; bn = {CntBits{1'b0}}; bb = 0; bs = 0;
          for (sa = 0; sa < Subarrays; sa = sa + 1)
            for (k = 0; k < Banks; k = k + 1)
              if (!bank_aware_i || k[BankBits-1:0] == want) begin
                n = sa_count(view, k, sa);
`ifdef FAULT_AVAIL_FULL_SUBARRAY
                if (!bf || n > bn) begin
`else
                if ({{(32-CntBits){1'b0}}, n} < SaRows && (!bf || n > bn)) begin
`endif
                  bf = 1'b1; bn = n; bb = k; bs = sa;
                end
              end
          // the chosen (bank, sub-array)'s free rows
          fv = {SaRows{1'b0}};
          for (sa = 0; sa < Subarrays; sa = sa + 1)
            for (k = 0; k < Banks; k = k + 1)
              if (bf && bb == k && bs == sa)
                for (r = 0; r < SaRows; r = r + 1) fv[r] = !view[(sa*SaRows+r)*Banks+k];
          low = {(IdBits+1){1'b0}};
          for (r = SaRows - 1; r >= 0; r = r - 1)
            if (fv[r]) low = {1'b1, r[IdBits-1:0]};
          found = low[IdBits];
          t = (bs * SaRows + {{(32-IdBits){1'b0}}, low[IdBits-1:0]}) * Banks + bb;
          pid = t[IdBits-1:0];
        end else if (policy_i == 2'd1) begin
          start = ({{(32-IdBits){1'b0}}, cur} + Stride) % PhysRegs;
          rot2  = {cand, cand} >> start;
          rot   = rot2[PhysRegs-1:0];
          low   = lowest(rot);
          found = low[IdBits];
          t = ({{(32-IdBits){1'b0}}, low[IdBits-1:0]} + start) % PhysRegs;
          pid = t[IdBits-1:0];
        end else begin
          low   = lowest(cand);
          found = low[IdBits];
          pid   = low[IdBits-1:0];
        end
      end
      al_gnt_o[i] = found;
      if (found) begin
        al_id_o[i*IdBits +: IdBits] = pid;
`ifndef FAULT_AVAIL_DOUBLE_GRANT
        view[pid] = 1'b1;
`endif
        cur = pid;
      end
`ifdef FAULT_AVAIL_FREE_UNCHECKED
      fr_err_o[i] = 1'b0;
`else
      fr_err_o[i] = fr_valid_i[i] && {{(32-IdBits){1'b0}}, fr_id_i[i*IdBits +: IdBits]} < PhysRegs &&
                    !used_q[fr_id_i[i*IdBits +: IdBits]];
`endif
    end
    for (k = 0; k < PhysRegs; k = k + 1) allocated_o = allocated_o + {{IdBits{1'b0}}, used_q[k]};
    for (k = 0; k < Banks; k = k + 1)
      for (sa = 0; sa < Subarrays; sa = sa + 1)
        if (sa_count(used_q, k, sa) != {CntBits{1'b0}}) subarrays_on_o = subarrays_on_o + 1'b1;
  end

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
