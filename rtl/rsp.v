// rsp: the register scratchpad of the hybrid register cache / scratchpad (Bailey et al. Secs.
// III-A2, III-A3, III-B; after Gebhart et al. [5]), one per scheduler: Pool x Regs warp
// registers without tags, entry = slot x Regs + register, held in one SRAM macro with the
// paper's ports (Sec. III-A3, Table I: 6 read, 2 write, per scheduler; lane write enables).
// Reads answer the next cycle from the macro's output register with the data before this
// cycle's writes; writes merge their lanes by port order. An access naming a slot >= Pool or a
// register >= Regs does nothing (rsp_valid stays 0). The macro is not reset (its contents
// start at zero in simulation, as the C model's); reset clears the answers.
// Contract identical to cmodel/rsp.h.
// Build-time fault variant for harness self-tests: FAULT_RSP_WRITE_NEXT (a write lands in the
// next entry).
// Proof-only fault variants (make formal): FORMAL_FAULT_RSP_PORT_ORDER (the first write port
// wins a lane), FORMAL_FAULT_RSP_MASK_IGNORED (a write stores every lane),
// FORMAL_FAULT_RSP_READ_NEW (a read sees this cycle's writes), FORMAL_FAULT_RSP_POOL_UNCHECKED
// (a slot >= Pool reads an entry), FORMAL_FAULT_RSP_REG_IGNORED (the entry ignores the
// register), FORMAL_FAULT_RSP_HALF_LANE (a write stores the low 16 bits of a lane),
// FORMAL_FAULT_RSP_READ_SLOT0 (a read ignores its slot), FORMAL_FAULT_RSP_PORT1_DROPPED (write port
// 1 is ignored), FORMAL_FAULT_RSP_VALID_HELD (an answer's valid bit stays up a cycle longer).
// Property (`ifdef FORMAL, make formal): against a memory indexed by (slot, register) directly,
// a read inside the pool answers the next cycle with each lane as last written (the last
// port writing it winning), and a read outside it is not answered.
module rsp #(
    parameter Lanes  = 32,
    parameter Pool   = 4,
    parameter Regs   = 2,
    parameter RPorts = 6,
    parameter WPorts = 2
) (
    input  wire                        clk_i,
    input  wire                        rst_ni,
    input  wire [RPorts-1:0]           rd_valid_i,
    input  wire [RPorts*SlotBits-1:0]  rd_slot_i,
    input  wire [RPorts*RegBits-1:0]   rd_reg_i,
    input  wire [WPorts-1:0]           wr_valid_i,
    input  wire [WPorts*SlotBits-1:0]  wr_slot_i,
    input  wire [WPorts*RegBits-1:0]   wr_reg_i,
    input  wire [WPorts*DataBits-1:0]  wr_data_i,
    input  wire [WPorts*Lanes-1:0]     wr_mask_i,
    output reg  [RPorts-1:0]           rsp_valid_o,
    output reg  [RPorts*DataBits-1:0]  rsp_data_o
);
  localparam SlotBits = (Pool > 1) ? $clog2(Pool) : 1;
  localparam RegBits  = (Regs > 1) ? $clog2(Regs) : 1;
  localparam DataBits = Lanes * 32;
  localparam integer Entries = Pool * Regs;
  localparam EBits = (Entries > 1) ? $clog2(Entries) : 1;

  // the write of an entry's address lands in the entry (the fault: in the next one)
`ifdef FAULT_RSP_WRITE_NEXT
  localparam integer Shift = 1;
`else
  localparam integer Shift = 0;
`endif
  // the proof-only faults of the write path as constants: port order, mask, lane width, port 1
`ifdef FORMAL_FAULT_RSP_PORT_ORDER
  function integer KOrd(input integer k); KOrd = WPorts - 1 - k; endfunction
`else
  function integer KOrd(input integer k); KOrd = k; endfunction
`endif
`ifdef FORMAL_FAULT_RSP_MASK_IGNORED
  localparam MaskOff = 1'b1;
`else
  localparam MaskOff = 1'b0;
`endif
`ifdef FORMAL_FAULT_RSP_HALF_LANE
  localparam integer LaneBits = 16;
`else
  localparam integer LaneBits = 32;
`endif
`ifdef FORMAL_FAULT_RSP_PORT1_DROPPED
  localparam Port1Off = 1'b1;
`else
  localparam Port1Off = 1'b0;
`endif
  // a port's (slot, register) as an entry number (slot x Regs + register) and whether it names one
  function [EBits:0] entry(input [SlotBits-1:0] s, input [RegBits-1:0] r);
    /* verilator lint_off UNUSEDSIGNAL */
    reg [31:0] e;
    /* verilator lint_on UNUSEDSIGNAL */
    begin
`ifdef FORMAL_FAULT_RSP_REG_IGNORED
      e = {{(32-SlotBits){1'b0}}, s} * Regs;
`else
      e = {{(32-SlotBits){1'b0}}, s} * Regs + {{(32-RegBits){1'b0}}, r};
`endif
      entry = {{(32-SlotBits){1'b0}}, s} < Pool && {{(32-RegBits){1'b0}}, r} < Regs ?
              {1'b1, e[EBits-1:0]} : {(EBits+1){1'b0}};
    end
  endfunction

  // read and write addresses of the macro's ports
  reg [RPorts*EBits-1:0] ra;
  reg [RPorts-1:0]       rd_ok;
  reg [WPorts*EBits-1:0] wa;
  reg [WPorts-1:0]       we;
  reg [EBits:0]          en;
  /* verilator lint_off UNUSEDSIGNAL */
  reg [31:0]             sh;
  /* verilator lint_on UNUSEDSIGNAL */
  integer p, k, n;
  always @* begin
    for (p = 0; p < RPorts; p = p + 1) begin
`ifdef FORMAL_FAULT_RSP_READ_SLOT0
      en = entry({SlotBits{1'b0}}, rd_reg_i[p*RegBits +: RegBits]);
      en[EBits] = en[EBits] && {{(32-SlotBits){1'b0}}, rd_slot_i[p*SlotBits +: SlotBits]} < Pool;
`else
      en = entry(rd_slot_i[p*SlotBits +: SlotBits], rd_reg_i[p*RegBits +: RegBits]);
`endif
`ifdef FORMAL_FAULT_RSP_POOL_UNCHECKED
      if ({{(32-SlotBits){1'b0}}, rd_slot_i[p*SlotBits +: SlotBits]} >= Pool) en = {1'b1, {EBits{1'b0}}};
`endif
      rd_ok[p] = rd_valid_i[p] && en[EBits];
      ra[p*EBits +: EBits] = en[EBits-1:0];
    end
    for (k = 0; k < WPorts; k = k + 1) begin
      en = entry(wr_slot_i[k*SlotBits +: SlotBits], wr_reg_i[k*RegBits +: RegBits]);
      sh = ({{(32-EBits){1'b0}}, en[EBits-1:0]} + Shift) % Entries;
      we[k] = rst_ni && wr_valid_i[k] && en[EBits] && !(Port1Off && k == 1);
      wa[k*EBits +: EBits] = sh[EBits-1:0];
    end
  end

  // ---- the macro: RPorts read ports into its output register, WPorts lane-masked write ports
  // (a later port wins a lane) --------------------------------------------------------------
  (* gpurf_sram *) reg [DataBits-1:0] mem [0:Entries-1];
  reg [RPorts*DataBits-1:0] rd_q;
  integer i;
`ifndef SYNTHESIS
  initial for (i = 0; i < Entries; i = i + 1) mem[i] = {DataBits{1'b0}};
`endif
  always @(posedge clk_i) begin
    for (k = 0; k < WPorts; k = k + 1)
      if (we[KOrd(k)])
        for (n = 0; n < Lanes; n = n + 1)
          if (wr_mask_i[KOrd(k)*Lanes + n] || MaskOff)
            mem[wa[KOrd(k)*EBits +: EBits]][n*32 +: LaneBits] <= wr_data_i[(KOrd(k)*Lanes + n)*32 +: LaneBits];
    for (p = 0; p < RPorts; p = p + 1)
      if (rd_ok[p]) rd_q[p*DataBits +: DataBits] <= mem[ra[p*EBits +: EBits]];
  end
`ifdef FORMAL_FAULT_RSP_READ_NEW
  // a write of this cycle to a read's entry, forwarded into its answer
  reg [RPorts*DataBits-1:0] fwd_q;
  reg [RPorts-1:0]          fwd_v;
  always @(posedge clk_i)
    for (p = 0; p < RPorts; p = p + 1) begin
      fwd_v[p] <= 1'b0;
      for (k = 0; k < WPorts; k = k + 1)
        if (rd_ok[p] && we[k] && wa[k*EBits +: EBits] == ra[p*EBits +: EBits]) begin
          fwd_v[p] <= 1'b1;
          fwd_q[p*DataBits +: DataBits] <= wr_data_i[k*DataBits +: DataBits];
        end
    end
`endif

  reg [RPorts-1:0] v_q;
  always @(posedge clk_i)
    if (!rst_ni) v_q <= {RPorts{1'b0}};
`ifdef FORMAL_FAULT_RSP_VALID_HELD
    else v_q <= rd_ok | v_q;
`else
    else v_q <= rd_ok;
`endif
  // an answer is the output register's data; no answer reads as zero
  always @* begin
    rsp_valid_o = v_q;
    for (p = 0; p < RPorts; p = p + 1)
      rsp_data_o[p*DataBits +: DataBits] = v_q[p] ? rd_q[p*DataBits +: DataBits] : {DataBits{1'b0}};
`ifdef FORMAL_FAULT_RSP_READ_NEW
    for (p = 0; p < RPorts; p = p + 1)
      if (v_q[p] && fwd_v[p]) rsp_data_o[p*DataBits +: DataBits] = fwd_q[p*DataBits +: DataBits];
`endif
  end
`ifdef FORMAL
  reg f_init = 1'b0;
  reg [31:0] f_mem [0:Pool-1][0:Regs-1][0:Lanes-1];
  reg [DataBits-1:0] f_want [0:RPorts-1];
  reg [RPorts-1:0] f_in;
  integer fs, fr, fl, fp;
  always @(posedge clk_i) f_init <= 1'b1;
  always @* if (!f_init) assume(!rst_ni);
  always @(posedge clk_i) begin
    for (fp = 0; fp < RPorts; fp = fp + 1) begin
      fs = rd_slot_i[fp*SlotBits +: SlotBits];
      fr = rd_reg_i[fp*RegBits +: RegBits];
      f_in[fp] <= rst_ni && rd_valid_i[fp] && fs < Pool && fr < Regs;
      if (fs < Pool && fr < Regs)
        for (fl = 0; fl < Lanes; fl = fl + 1) f_want[fp][fl*32 +: 32] <= f_mem[fs][fr][fl];
    end
    for (fs = 0; fs < Pool; fs = fs + 1)
      for (fr = 0; fr < Regs; fr = fr + 1)
        for (fl = 0; fl < Lanes; fl = fl + 1)
          for (fp = 0; fp < WPorts; fp = fp + 1)
            if (rst_ni && wr_valid_i[fp] && wr_slot_i[fp*SlotBits +: SlotBits] == fs &&
                wr_reg_i[fp*RegBits +: RegBits] == fr && wr_mask_i[fp*Lanes + fl])
              f_mem[fs][fr][fl] <= wr_data_i[(fp*Lanes + fl)*32 +: 32];
  end
  always @* if (f_init && rst_ni)
    for (fp = 0; fp < RPorts; fp = fp + 1) begin
      assert(rsp_valid_o[fp] == f_in[fp]);
      if (f_in[fp]) assert(rsp_data_o[fp*DataBits +: DataBits] == f_want[fp]);
    end
  // the macro holds the reference's data, through resets too (it is not reset)
  always @* if (f_init) begin
    for (fs = 0; fs < Pool; fs = fs + 1)
      for (fr = 0; fr < Regs; fr = fr + 1)
        for (fl = 0; fl < Lanes; fl = fl + 1)
          assert(mem[fs*Regs + fr][fl*32 +: 32] == f_mem[fs][fr][fl]);
  end
`endif
endmodule
