// sthld: Malekeh's adaptive stall threshold (Sec. 7, Fig. 4), one per SM. Counts the
// instructions of each Interval-cycle interval; at its end, the change against the previous
// interval is small (S: 100 |cur - prev| < LargePct * prev; prev = 0 is S only for cur = 0) or
// large (L, up or down); `drop` says the count fell by LargePct % or more below the reference
// (best) interval of the current climb. STHLD moves, saturating at 0 and Max; "mark" makes
// this interval the reference (count, and the STHLD it ran with), "mark if best" when it is
// not below it (a tie moves the reference to the higher STHLD, which hits more):
//   1 start       any: +Step, -> 2, mark
//   2 climb       drop: the reference's STHLD, -> 5 (back); else L: +Spec, -> 3, mark;
//                 else: +Step, mark if best
//   3 speculated  L down: -(Spec + Step), -> 4; else: +Step, -> 2, mark if best
//   4 descend     L: -Step; S: -> 5
//   5 confirm     L: -Step, -> 4; S: -> 6
//   6 steady      L: +Spec, -> 3, mark; S: stay
// Fig. 4 itself is an image; the text fixes: start in state 1; state 6 is left only on L; L
// takes a speculative increase into state 3, undone with a descent when the next interval shows
// it was detrimental, kept when the new phase gains from it (Fig. 5d). A knee reached by a
// gentle slope gives only small changes, so the climb also watches its cumulative decline
// against the reference and, on a drop, goes back to it: STHLD and the count the next interval
// is compared with become the reference's. In the climb every L down is a drop, so it
// speculates on L up only. Fixed = 1 keeps STHLD at Init.
// Timing (1 GHz, cmodel/sthld.h "Pipeline"): the interval's count is registered at its last
// edge (fin), scaled by 100 at the next, and decided at the one after, by comparisons of
// 100 fin with thresholds registered from prev and best ((100 +- LargePct) prev,
// (100 - LargePct) best) while the interval ran; counts are CycBits + 8 bits wide, their
// products CycBits + 16. A threshold takes two edges after prev or best changes (the products
// by the constant's low and high nibbles, then their sum: the whole product and its carry do
// not fit one cycle with the flip-flops' clock-to-Q and setup), ready before the next decision
// since Interval >= 4. The decision lands two edges after the interval ends.
// Contract identical to cmodel/sthld.h.
// Build-time fault variants: FAULT_STHLD_NO_SPEC (L in state 2 or 6 takes an ordinary step),
// FAULT_STHLD_WRAP (STHLD wraps instead of saturating), FAULT_STHLD_STUCK_STEADY (state 6
// ignores L), FAULT_STHLD_NO_DROP (the climb ignores its cumulative decline).
// Proof-only fault variants (make formal): FORMAL_FAULT_STHLD_HI_STALE (the upper threshold
// comes from the new count, not prev), FORMAL_FAULT_STHLD_FIN100_X10 (the count is scaled by
// 10), FORMAL_FAULT_STHLD_DOWN_INVERTED (a rise reads as a fall), FORMAL_FAULT_STHLD_NE_IGNORED
// (an unchanged count can be L), FORMAL_FAULT_STHLD_COUNT_NARROW (a cycle's instructions lose
// their top bit), FORMAL_FAULT_STHLD_COUNT_LAST_LOST (the interval's last cycle is not counted).
// Properties (`ifdef FORMAL, make formal; Interval >= 4): the interval's count is the sum of
// its cycles' instructions; STHLD stays in 0..Max and the state
// in 1..6; the pipelined S/L and drop verdicts equal their definitions on the interval's count
// (100 |cur - prev| >= LargePct prev, cur != prev; 100 (best - cur) >= LargePct best,
// cur < best); state 6 is left only on L, to state 3 with STHLD + Spec (saturated); a drop in
// the climb returns to the reference's STHLD.
module sthld #(
    parameter Interval = 10000,
    parameter LargePct = 10,
    parameter Init     = 0,
    parameter Step     = 4,
    parameter Spec     = 16,
    parameter Max      = 255,
    parameter Bits     = 8,
    parameter Fixed    = 0
) (
    input  wire                clk_i,
    input  wire                rst_ni,
    input  wire [7:0]          insts_i,
    output wire [Bits-1:0]     sthld_o,
    output wire [2:0]          state_o,
    output wire                large_o,
    output wire                decided_o,
    output wire [CycBits-1:0]  cycle_o,
    output wire [31:0]         cur_insts_o,
    output wire [31:0]         prev_insts_o,
    output wire                drop_o,
    output wire [31:0]         best_insts_o,
    output wire [Bits-1:0]     best_sthld_o
);
  localparam CycBits = (Interval > 1) ? $clog2(Interval) : 1;
  localparam CntBits = CycBits + 8;   // at most 255 instructions a cycle
  localparam PrdBits = CntBits + 8;   // a count times at most 199
  localparam integer HiI = 100 + LargePct;  // LargePct in 1..99 (cmodel/cfg.c)
  localparam integer LoI = 100 - LargePct;
`ifdef FORMAL
  localparam [PrdBits-1:0] Hi = {{(PrdBits-8){1'b0}}, HiI[7:0]};
  localparam [PrdBits-1:0] Lo = {{(PrdBits-8){1'b0}}, LoI[7:0]};
`endif
  localparam [PrdBits-1:0] HiL = {{(PrdBits-4){1'b0}}, HiI[3:0]};
  localparam [PrdBits-1:0] HiH = {{(PrdBits-4){1'b0}}, HiI[7:4]};
  localparam [PrdBits-1:0] LoL = {{(PrdBits-4){1'b0}}, LoI[3:0]};
  localparam [PrdBits-1:0] LoH = {{(PrdBits-4){1'b0}}, LoI[7:4]};

  reg [Bits-1:0]    sthld_q;
  reg [2:0]         state_q;
  reg               large_q, dec_q, drop_q;
  reg [CntBits-1:0] best_q, cur_q, prev_q, fin_q;
  reg [Bits-1:0]    best_sthld_q;
  reg [CycBits-1:0] cycle_q;
  // the decision pipeline: fin_q valid (edge 1), then its product and flags (edge 2)
  reg               v1_q, v2_q;
  reg [PrdBits-1:0] fin100_q;
  reg               ne_q, down_q, below_q;
  // thresholds from prev and best: the nibble products registered the edge after either
  // changes, their sums the edge after that
  reg [PrdBits-1:0] hi_q, lo_q, dth_q;
  reg [PrdBits-1:0] hil_q, hih_q, lol_q, loh_q, dthl_q, dthh_q;

  assign sthld_o      = sthld_q;
  assign state_o      = state_q;
  assign large_o      = large_q;
  assign decided_o    = dec_q;
  assign cycle_o      = cycle_q;
  assign cur_insts_o  = {{(32-CntBits){1'b0}}, cur_q};
  assign prev_insts_o = {{(32-CntBits){1'b0}}, prev_q};
  assign drop_o       = drop_q;
  assign best_insts_o = {{(32-CntBits){1'b0}}, best_q};
  assign best_sthld_o = best_sthld_q;

`ifdef FORMAL_FAULT_STHLD_COUNT_NARROW
  wire [CntBits-1:0] cur  = cur_q + {{(CntBits-7){1'b0}}, insts_i[6:0]};
`else
  wire [CntBits-1:0] cur  = cur_q + {{(CntBits-8){1'b0}}, insts_i};
`endif
  wire               last = {{(32-CycBits){1'b0}}, cycle_q} == Interval - 1;
  wire [PrdBits-1:0] fin_w = {8'd0, fin_q};
  // S/L: 100 |fin - prev| >= LargePct prev with fin != prev; drop: 100 (best - fin) >=
  // LargePct best with fin < best
  wire is_large = ne_q && (fin100_q >= hi_q || fin100_q <= lo_q);
  wire is_drop  = below_q && fin100_q <= dth_q;
  wire beats    = !below_q;
  wire down     = down_q;
`ifdef FAULT_STHLD_NO_DROP
  wire climb_drop = 1'b0;
`else
  wire climb_drop = is_drop;
`endif

  // STHLD + delta, saturating at 0 and Max (deltas as signed 18-bit values)
  function [Bits-1:0] sat;
    input signed [17:0] delta;
    reg signed [18:0] v;
    reg [15:0] cur16;
    begin
      cur16 = 16'd0;
      cur16[Bits-1:0] = sthld_q;
      v = $signed({3'b000, cur16}) + delta;
`ifdef FAULT_STHLD_WRAP
      sat = v[Bits-1:0];
`else
      if (v < 0) sat = {Bits{1'b0}};
      else if (v > MaxS) sat = Max[Bits-1:0];
      else sat = v[Bits-1:0];
`endif
    end
  endfunction

  localparam signed [18:0] MaxS  = Max[18:0];
  localparam signed [17:0] DStep = Step[17:0];
  localparam signed [17:0] DSpec = Spec[17:0];
`ifdef FAULT_STHLD_NO_SPEC
  localparam signed [17:0] DUp = Step[17:0];
`else
  localparam signed [17:0] DUp = Spec[17:0];
`endif

  reg [Bits-1:0] sthld_d;
  reg [2:0]      state_d;
  reg            mark, back;
  always @* begin
    sthld_d = sthld_q;
    state_d = state_q;
    mark    = 1'b0;
    back    = 1'b0;
    if (Fixed == 0)
      case (state_q)
        3'd1: begin sthld_d = sat(DStep); state_d = 3'd2; mark = 1'b1; end
        3'd2:
          if (climb_drop) begin sthld_d = best_sthld_q; state_d = 3'd5; back = 1'b1; end
          else if (is_large) begin sthld_d = sat(DUp); state_d = 3'd3; mark = 1'b1; end
          else begin sthld_d = sat(DStep); mark = beats; end
        3'd3:
          if (is_large && down) begin sthld_d = sat(-(DSpec + DStep)); state_d = 3'd4; end
          else begin sthld_d = sat(DStep); state_d = 3'd2; mark = beats; end
        3'd4: begin sthld_d = sat(is_large ? -DStep : 18'sd0); state_d = is_large ? 3'd4 : 3'd5; end
        3'd5: begin sthld_d = sat(is_large ? -DStep : 18'sd0); state_d = is_large ? 3'd4 : 3'd6; end
`ifdef FAULT_STHLD_STUCK_STEADY
        default: begin sthld_d = sthld_q; state_d = 3'd6; end
`else
        default:
          if (is_large) begin sthld_d = sat(DUp); state_d = 3'd3; mark = 1'b1; end
          else state_d = 3'd6;
`endif
      endcase
  end

  always @(posedge clk_i) begin
    if (!rst_ni) begin
      sthld_q <= Init[Bits-1:0];
      state_q <= 3'd1;
      large_q <= 1'b0;
      dec_q   <= 1'b0;
      cycle_q <= {CycBits{1'b0}};
      cur_q   <= {CntBits{1'b0}};
      prev_q  <= {CntBits{1'b0}};
      fin_q   <= {CntBits{1'b0}};
      drop_q  <= 1'b0;
      best_q  <= {CntBits{1'b0}};
      best_sthld_q <= {Bits{1'b0}};
      v1_q    <= 1'b0;
      v2_q    <= 1'b0;
      fin100_q <= {PrdBits{1'b0}};
      ne_q    <= 1'b0;
      down_q  <= 1'b0;
      below_q <= 1'b0;
      hi_q    <= {PrdBits{1'b0}};
      lo_q    <= {PrdBits{1'b0}};
      dth_q   <= {PrdBits{1'b0}};
      hil_q   <= {PrdBits{1'b0}};
      hih_q   <= {PrdBits{1'b0}};
      lol_q   <= {PrdBits{1'b0}};
      loh_q   <= {PrdBits{1'b0}};
      dthl_q  <= {PrdBits{1'b0}};
      dthh_q  <= {PrdBits{1'b0}};
    end else begin
      if (last) begin
`ifdef FORMAL_FAULT_STHLD_COUNT_LAST_LOST
        fin_q   <= cur_q;
`else
        fin_q   <= cur;
`endif
        cur_q   <= {CntBits{1'b0}};
        cycle_q <= {CycBits{1'b0}};
      end else begin
        cur_q   <= cur;
        cycle_q <= cycle_q + 1'b1;
      end
      v1_q <= last;
      v2_q <= v1_q;
      if (v1_q) begin
`ifdef FORMAL_FAULT_STHLD_FIN100_X10
        fin100_q <= (fin_w << 3) + (fin_w << 1);
`else
        fin100_q <= (fin_w << 6) + (fin_w << 5) + (fin_w << 2);
`endif
`ifdef FORMAL_FAULT_STHLD_NE_IGNORED
        ne_q     <= 1'b1;
`else
        ne_q     <= fin_q != prev_q;
`endif
`ifdef FORMAL_FAULT_STHLD_DOWN_INVERTED
        down_q   <= fin_q > prev_q;
`else
        down_q   <= fin_q < prev_q;
`endif
        below_q  <= fin_q < best_q;
      end
`ifdef FORMAL_FAULT_STHLD_HI_STALE
      hil_q  <= {8'd0, fin_q} * HiL;
      hih_q  <= {8'd0, fin_q} * HiH;
`else
      hil_q  <= {8'd0, prev_q} * HiL;
      hih_q  <= {8'd0, prev_q} * HiH;
`endif
      lol_q  <= {8'd0, prev_q} * LoL;
      loh_q  <= {8'd0, prev_q} * LoH;
      dthl_q <= {8'd0, best_q} * LoL;
      dthh_q <= {8'd0, best_q} * LoH;
      hi_q   <= hil_q + (hih_q << 4);
      lo_q   <= lol_q + (loh_q << 4);
      dth_q  <= dthl_q + (dthh_q << 4);
      dec_q <= v2_q;
      if (v2_q) begin
        sthld_q <= sthld_d;
        state_q <= state_d;
        large_q <= is_large;
        drop_q  <= is_drop;
        if (mark) begin
          best_q       <= fin_q;
          best_sthld_q <= sthld_q;
        end
        prev_q <= back ? best_q : fin_q;
      end
    end
  end
`ifdef FORMAL
  reg f_init = 1'b0;
  reg [31:0] f_fin, f_prev, f_best, f_up;
  reg f_large, f_drop;
  reg [31:0] f_sum_q, f_fin_q;               // the interval's instructions so far, the last count
  always @(posedge clk_i) f_init <= 1'b1;
  always @* if (!f_init) assume(!rst_ni);
  always @(posedge clk_i)
    if (!rst_ni) begin
      f_sum_q <= 32'd0;
      f_fin_q <= 32'd0;
    end else if (last) begin
      f_sum_q <= 32'd0;
      f_fin_q <= f_sum_q + {24'd0, insts_i};
    end else f_sum_q <= f_sum_q + {24'd0, insts_i};
  always @* begin
    f_fin  = {{(32-CntBits){1'b0}}, fin_q};
    f_prev = {{(32-CntBits){1'b0}}, prev_q};
    f_best = {{(32-CntBits){1'b0}}, best_q};
    f_large = f_fin != f_prev &&
              100 * (f_fin > f_prev ? f_fin - f_prev : f_prev - f_fin) >= LargePct * f_prev;
    f_drop  = f_fin < f_best && 100 * (f_best - f_fin) >= LargePct * f_best;
    f_up    = {{(32-Bits){1'b0}}, sthld_q} + Spec;
    if (f_up > Max) f_up = Max;
  end
  always @* if (f_init && rst_ni) begin
    assert(f_fin == f_fin_q && {{(32-CntBits){1'b0}}, cur_q} == f_sum_q &&
           f_sum_q <= 255 * {{(32-CycBits){1'b0}}, cycle_q} && f_fin_q <= 255 * Interval);
    assert({{(32-Bits){1'b0}}, sthld_q} <= Max && {{(32-Bits){1'b0}}, best_sthld_q} <= Max &&
           state_q >= 3'd1 && state_q <= 3'd6);
    assert({{(32-CycBits){1'b0}}, cycle_q} < Interval);
    if (v2_q && Fixed == 0) begin
      assert(is_large == f_large && is_drop == f_drop && down == (f_fin < f_prev));
      if (state_q == 3'd6)
        assert(f_large ? (state_d == 3'd3 && {{(32-Bits){1'b0}}, sthld_d} == f_up)
                       : (state_d == 3'd6 && sthld_d == sthld_q));
      if (state_q == 3'd2 && f_drop) assert(state_d == 3'd5 && sthld_d == best_sthld_q);
    end
    // the pipeline's timing, which the verdicts rest on (inductive strengthening)
    if (v1_q) assert(cycle_q == {{(CycBits-1){1'b0}}, 1'b0} && !v2_q && !dec_q);
    if (v2_q) assert(cycle_q == {{(CycBits-1){1'b0}}, 1'b1} && !dec_q &&
                     fin100_q == fin_w * 100 && ne_q == (fin_q != prev_q) &&
                     down_q == (fin_q < prev_q) && below_q == (fin_q < best_q));
    // prev and best change at a decision (cycle 1 to 2): the nibble products are settled but
    // in cycle 2, the thresholds but in cycles 2 and 3
    if (cycle_q != 2) assert(hil_q == {8'd0, prev_q} * HiL && hih_q == {8'd0, prev_q} * HiH &&
                             lol_q == {8'd0, prev_q} * LoL && loh_q == {8'd0, prev_q} * LoH &&
                             dthl_q == {8'd0, best_q} * LoL && dthh_q == {8'd0, best_q} * LoH);
    if (cycle_q != 2 && cycle_q != 3) assert(hi_q == {8'd0, prev_q} * Hi && lo_q == {8'd0, prev_q} * Lo &&
                                             dth_q == {8'd0, best_q} * Lo);
    if (dec_q) assert(cycle_q == 2);
  end
`endif
endmodule
